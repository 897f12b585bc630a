import { openDatabase } from "~db";
import { E2E_DATABASE_PATH } from "./accounts";
import { expect, jsEnabled, test, waitForHydration } from "./fixtures";
import { insertSession, insertUser, uniqueName } from "../factories";
import { E2E_BASE_URL } from "../../playwright.config";

// Web push on /notification-preferences (issue 33 item 2): the devices with push on are listed by
// the server, each removed with a plain form; this device's switch is a script-only enhancement.

const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Chrome/131.0 Safari/537.36";
const LAPTOP = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

async function withDatabase<T>(use: (db: ReturnType<typeof openDatabase>) => Promise<T>) {
  const db = openDatabase(E2E_DATABASE_PATH);
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

/** A signed-in member with push on two devices. */
async function memberWithDevices() {
  return withDatabase(async (db) => {
    const id = await insertUser(db, { username: uniqueName("push") });
    const { token } = await insertSession(db, id, { user_agent: "Playwright" });
    for (const [name, userAgent] of [
      ["phone", PHONE],
      ["laptop", LAPTOP],
    ] as const) {
      await db
        .insertInto("push_subscriptions")
        .values({
          user_id: id,
          endpoint: `https://push.example.test/${id}/${name}`,
          p256dh: "BAAA",
          auth: "AAAA",
          user_agent: userAgent,
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    return { id, token };
  });
}

const endpointsOf = (userId: number) =>
  withDatabase(async (db) =>
    (
      await db
        .selectFrom("push_subscriptions")
        .select("endpoint")
        .where("user_id", "=", userId)
        .orderBy("endpoint")
        .execute()
    ).map((row) => row.endpoint.split("/").pop()),
  );

test("the preferences page lists the devices with push on, and each is removed with its form", async ({
  page,
  context,
}, testInfo) => {
  const member = await memberWithDevices();
  await context.addCookies([
    {
      name: "gv_session",
      value: Buffer.from(JSON.stringify(member.token)).toString("base64"),
      url: E2E_BASE_URL,
    },
  ]);
  await page.goto("/notification-preferences");
  const devices = page.getByRole("list", { name: "Devices with push on" });
  await expect(devices.getByRole("listitem")).toHaveText([
    /Firefox on Linux/,
    /Chrome on Android Phone/,
  ]);
  const withoutScript = page.getByText("Push notifications need JavaScript");
  if (jsEnabled(testInfo.project.name)) {
    // The switch for this device replaced the server's sentence. (Debian's headless Chromium
    // shell refuses the notification permission even when granted, so subscribing itself is
    // proven by tests/unit/api/push-subscriptions-api.test.ts and tests/unit/push.)
    await waitForHydration(page);
    await expect(withoutScript).toHaveCount(0);
  } else {
    await expect(withoutScript).toBeVisible();
  }

  await page.getByRole("button", { name: "Remove Firefox on Linux" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Device removed" })).toBeVisible();
  await expect(devices.getByRole("listitem")).toHaveText([/Chrome on Android Phone/]);
  expect(await endpointsOf(member.id)).toEqual(["phone"]);

  await page.getByRole("button", { name: "Remove Chrome on Android Phone" }).click();
  await expect(page.getByText("No device gets push notifications.")).toBeVisible();
  expect(await endpointsOf(member.id)).toEqual([]);
});
