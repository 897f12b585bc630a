import { openDatabase } from "~db";
import type { PreferenceKey } from "~/domain/account-forms";
import { signToken } from "~/server/signed-token.server";
import { E2E_DATABASE_PATH } from "./accounts";
import { expect, test } from "./fixtures";
import { insertSession, insertUser, uniqueName } from "../factories";
import { E2E_BASE_URL, E2E_SESSION_SECRET } from "../../playwright.config";

/** A member with an e-mail address and a live session; confirmed or not. */
async function memberWithEmail({ verified }: { verified: boolean }) {
  const db = openDatabase(E2E_DATABASE_PATH);
  try {
    const username = uniqueName("mail");
    const id = await insertUser(db, {
      username,
      email: `${username}@example.com`,
      email_verified_at: verified ? new Date().toISOString() : null,
    });
    const { token } = await insertSession(db, id, { user_agent: "Playwright" });
    return { id, username, token };
  } finally {
    await db.destroy();
  }
}

async function withDatabase<T>(read: (db: ReturnType<typeof openDatabase>) => Promise<T>) {
  const db = openDatabase(E2E_DATABASE_PATH);
  try {
    return await read(db);
  } finally {
    await db.destroy();
  }
}

/** The link in the newest confirmation e-mail queued for the user (the outbox row). */
async function verificationLink(userId: number): Promise<string | null> {
  const row = await withDatabase((db) =>
    db
      .selectFrom("email_outbox")
      .select("text_body")
      .where("user_id", "=", userId)
      .where("kind", "=", "email_verification")
      .orderBy("id", "desc")
      .executeTakeFirst(),
  );
  return row?.text_body.match(/https?:\/\/\S+\/verify-email\?token=\S+/)?.[0] ?? null;
}

async function preferenceRow(userId: number) {
  return withDatabase((db) =>
    db
      .selectFrom("notification_preferences")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirst(),
  );
}

/** An unsubscribe link as an e-mail carries it, signed with the e2e server's secret. */
async function unsubscribePath(userId: number, preference: PreferenceKey) {
  process.env.SESSION_SECRET = E2E_SESSION_SECRET;
  const token = await signToken(
    "unsubscribe",
    { u: userId, p: preference },
    new Date(Date.now() + 86_400_000),
  );
  return `/unsubscribe?token=${encodeURIComponent(token)}`;
}

test("turning e-mails on asks to confirm the address; the link from the e-mail confirms it", async ({
  page,
  context,
}) => {
  const member = await memberWithEmail({ verified: false });
  await context.addCookies([
    {
      name: "gv_session",
      value: Buffer.from(JSON.stringify(member.token)).toString("base64"),
      url: E2E_BASE_URL,
    },
  ]);
  await page.goto("/notification-preferences");
  await expect(page.getByText("Check your inbox to confirm your e-mail")).toBeVisible();
  await page.getByLabel("Promotional offers").check();
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Preferences Updated" })).toBeVisible();
  await expect(page.getByText("Check your inbox to confirm your e-mail")).toBeVisible();

  const link = await verificationLink(member.id);
  expect(link).not.toBeNull();
  expect(new URL(link ?? "").origin).toBe(E2E_BASE_URL);

  // Resending right away queues no second e-mail, and says the first is on its way.
  await page.getByRole("button", { name: "Resend link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "sent a moment ago" })).toBeVisible();

  await page.goto(link ?? "");
  await expect(page.getByText("Your e-mail is confirmed.")).toBeVisible();
  await page.goto("/notification-preferences");
  await expect(page.getByText("Check your inbox to confirm your e-mail")).toHaveCount(0);
  await expect(page.getByText(`${member.username}@example.com`)).toBeVisible();
  await expect(page.getByLabel("Promotional offers")).toBeChecked();
});

test("an e-mail's unsubscribe link works signed out: GET asks, POST turns the preference off", async ({
  page,
}) => {
  const member = await memberWithEmail({ verified: true });
  await withDatabase((db) =>
    db
      .insertInto("notification_preferences")
      .values({
        user_id: member.id,
        wager_race_updates: 1,
        vip_status_changes: 1,
        promotional_offers: 1,
        monthly_statements: 1,
        updated_at: new Date().toISOString(),
      })
      .execute(),
  );
  const path = await unsubscribePath(member.id, "promotionalOffers");
  await page.goto(path);
  await expect(page.getByText("Stop e-mails about promotional offers?")).toBeVisible();
  // Opening the link changed nothing.
  expect((await preferenceRow(member.id))?.promotional_offers).toBe(1);

  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You are unsubscribed from promotional offers.")).toBeVisible();
  expect(await preferenceRow(member.id)).toMatchObject({
    promotional_offers: 0,
    wager_race_updates: 1,
    monthly_statements: 1,
  });
});

test("a mail client's one-click POST unsubscribes; a tampered link is refused @js-off-only", async ({
  request,
  page,
}) => {
  // @js-off-only: the server's answers, the same with JavaScript.
  const member = await memberWithEmail({ verified: true });
  const path = await unsubscribePath(member.id, "monthlyStatements");
  const response = await request.post(path, { form: { "List-Unsubscribe": "One-Click" } });
  expect(response.status()).toBe(200);
  expect((await preferenceRow(member.id))?.monthly_statements).toBe(0);

  const tampered = path.replace(/token=(.)/, (_, c: string) => `token=${c === "A" ? "B" : "A"}`);
  const refused = await page.goto(tampered);
  expect(refused?.status()).toBe(400);
  await expect(page.getByText("This unsubscribe link is not valid.")).toBeVisible();
});
