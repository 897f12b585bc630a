import type { APIRequestContext, Page } from "@playwright/test";
import { FAKE_PROVIDER_URL } from "../../playwright.config";
import { expect } from "./fixtures";

/** Resolves once the page's /ws/leaderboard socket has its greeting: call before `goto`. */
export function leaderboardSocketGreeted(page: Page): Promise<void> {
  return new Promise((resolve) =>
    page.on("websocket", (ws) => {
      if (ws.url().endsWith("/ws/leaderboard")) ws.on("framereceived", () => resolve());
    }),
  );
}

/** Raises every total of a fake-provider player; the e2e server syncs it within 2 s. */
export async function raiseAtProvider(request: APIRequestContext, uid: string, amount: number) {
  const response = await request.post(`${FAKE_PROVIDER_URL}/__control/bump`, {
    data: { uid, amount },
  });
  expect(response.ok()).toBe(true);
}

/** Marks the document, so a test can tell an in-place update from a reload. */
export async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
}

export async function documentWasKept(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { marker?: boolean }).marker === true);
}
