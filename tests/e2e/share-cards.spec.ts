import type { APIResponse, Page } from "@playwright/test";
import { createSignedInAccount, signInAs } from "./accounts";
import { expect, jsEnabled, test } from "./fixtures";
import { minutesFromNow, seedRace } from "./races";
import { uniqueName } from "../factories";
import { E2E_BASE_URL } from "../../playwright.config";

// Result cards worth sharing (issue 32 item 6, docs/decisions/0074): a completed race's page and a
// member's page name their Open Graph card, an absolute URL answering a 1200x630 PNG, with the
// tags link previews read; the same tags stay in the head once the page's scripts have run.

/** The content of the head's `<meta property|name=...>`. */
const metaContent = (page: Page, attribute: "property" | "name", key: string) =>
  page.locator(`head meta[${attribute}="${key}"]`).getAttribute("content");

/** Checks a PNG answer's signature and its IHDR size. */
async function expectCardPng(answer: APIResponse) {
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("image/png");
  const bytes = await answer.body();
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
}

/** The card tags every page with a card carries, and the card's absolute URL. */
async function expectCardTags(page: Page, title: string, pathname: string): Promise<string> {
  const image = (await metaContent(page, "property", "og:image")) ?? "";
  const url = new URL(image);
  expect(url.origin).toBe(E2E_BASE_URL);
  expect(url.pathname).toBe(pathname);
  expect(await metaContent(page, "property", "og:image:width")).toBe("1200");
  expect(await metaContent(page, "property", "og:image:height")).toBe("630");
  expect(await metaContent(page, "property", "og:title")).toBe(title);
  expect(await metaContent(page, "name", "twitter:card")).toBe("summary_large_image");
  expect(await page.locator('head meta[property="og:image"]').count()).toBe(1);
  return image;
}

test("a completed race's page names its result card, which anyone may fetch", async ({
  page,
  playwright,
}) => {
  const title = uniqueName("Card Race");
  const winner = uniqueName("Winner");
  const second = uniqueName("Second");
  const raceId = await seedRace({
    title,
    status: "completed",
    start: minutesFromNow(-600),
    end: minutesFromNow(-120),
    results: [
      { uid: uniqueName("uid"), name: winner, wager: 9_000, prizeCents: 25_000 },
      { uid: uniqueName("uid"), name: second, wager: 5_000, prizeCents: 7_500 },
    ],
  });
  await page.goto(`/wager-races/${raceId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const image = await expectCardTags(page, title, `/wager-races/${raceId}/og.png`);
  expect(await metaContent(page, "property", "og:description")).toBe(
    `Final result of ${title}: #1 ${winner} $250.00, #2 ${second} $75.00. Prize pool $200.00.`,
  );
  if (jsEnabled(test.info().project.name)) {
    // Remix's <Meta> renders the tags again on the client: still one of each, still absolute.
    await expect(page.locator('head meta[property="og:image"]')).toHaveAttribute("content", image);
  }
  // A link preview's fetch carries no cookie.
  const visitor = await playwright.request.newContext();
  try {
    await expectCardPng(await visitor.get(image));
  } finally {
    await visitor.dispose();
  }
});

test("a member's page names their card, which members may fetch", async ({
  page,
  context,
  playwright,
}) => {
  const member = await createSignedInAccount({});
  await signInAs(context, member);
  await page.goto(`/user/${member.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(member.username);
  const image = await expectCardTags(
    page,
    `${member.username} on GoatedVIPs`,
    `/user/${member.id}/og.png`,
  );
  expect(await metaContent(page, "property", "og:description")).toBe(
    `${member.username}: COPPER rank, $0.00 wagered.`,
  );
  await expectCardPng(await page.request.get(image));
  const visitor = await playwright.request.newContext();
  try {
    expect((await visitor.get(image)).status()).toBe(401);
  } finally {
    await visitor.dispose();
  }
});
