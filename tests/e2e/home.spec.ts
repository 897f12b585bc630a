import type { Locator, Page } from "@playwright/test";
import { createSignedInAccount, signInAs } from "./accounts";
import { expect, jsEnabled, test } from "./fixtures";

const ITEMS = 14;
const track = (page: Page) => page.getByTestId("carousel-track");
const item = (page: Page, index: number) => page.getByTestId("carousel-item").nth(index);
const dot = (page: Page, index: number) =>
  page.getByRole("navigation", { name: "Highlights" }).getByRole("link").nth(index);

async function expectShown(page: Page, index: number) {
  await expect(item(page, index)).toBeInViewport({ ratio: 0.9 });
}

async function dragTrack(page: Page, share: number) {
  const box = (await track(page).boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - box.width * share, y, { steps: 8 });
  await page.mouse.up();
}

async function scrollIntoViewOf(page: Page, locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  await expect(locator).toBeVisible();
}

test.describe("home", () => {
  test("the banner shows its designed hero and the promo box the referral code @js-off-only", async ({
    page,
  }) => {
    // @js-off-only: the server's page, the same with JavaScript.
    await page.goto("/");
    await expect(page.getByTestId("page-hero")).toContainText("Every wager counts");
    await expect(page.getByRole("complementary", { name: "New to Goated?" })).toContainText(
      "GOATEDVIPS",
    );
  });

  test("the carousel has fourteen items and reaches every one by its link", async ({ page }) => {
    // Instant scrolling (as the swipe test's): the same fourteen links, without waiting on
    // fourteen smooth scrolls.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(page.getByTestId("carousel-item")).toHaveCount(ITEMS);
    await expect(item(page, 0)).toContainText(/\+\$[\d,]+ WAGERED/);
    await scrollIntoViewOf(page, track(page));
    for (let index = ITEMS - 1; index >= 0; index -= 1) {
      await dot(page, index).click();
      await expectShown(page, index);
    }
  });

  test("the carousel reaches every item by swipe, in turn @mobile", async ({ page }, info) => {
    await page.goto("/");
    await scrollIntoViewOf(page, track(page));
    await expectShown(page, 0);
    if (!jsEnabled(info.project.name)) {
      // Without JavaScript the strip scrolls natively and snaps to whole items; it does not wrap.
      const box = (await track(page).boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let index = 1; index < ITEMS; index += 1) {
        await page.mouse.wheel(box.width * 0.7, 0);
        await expectShown(page, index);
      }
      return;
    }
    await dragTrack(page, 0.1); // under 15%: stays
    await expectShown(page, 0);
    // Instant scrolling from here (and no auto-advance): the same swipes, without waiting on
    // fourteen smooth scrolls.
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (let index = 1; index <= ITEMS; index += 1) {
      await dragTrack(page, 0.3); // past 15%: the next item; after the last, the first again
      await expectShown(page, index % ITEMS);
    }
    await dragTrack(page, -0.3); // back from the first wraps to the last
    await expectShown(page, ITEMS - 1);
  });

  test("keyboard focus on an item is drawn inside the strip, which clips its edges", async ({
    page,
  }) => {
    await page.goto("/");
    await scrollIntoViewOf(page, track(page));
    const link = item(page, 0).getByRole("link");
    await link.focus();
    // Back and forth by keyboard, so the focus is keyboard focus (:focus-visible).
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(link).toBeFocused();
    await expect(link).toHaveCSS("outline-style", "solid");
    await expect(link).toHaveCSS("outline-offset", "-4px");
  });

  test("with JavaScript it advances on its own every 5 s and wraps around @js-on-only", async ({
    page,
  }) => {
    // @js-on-only: auto-advance needs JavaScript.
    await page.goto("/");
    await scrollIntoViewOf(page, track(page));
    await dot(page, ITEMS - 1).click();
    await expectShown(page, ITEMS - 1);
    await page.mouse.move(1, 1); // away from the carousel: no longer paused
    await page.getByRole("heading", { level: 1 }).focus(); // focus leaves it too
    await expect(item(page, 0)).toBeInViewport({ ratio: 0.9, timeout: 8000 });
  });

  test("BONUS CODES while signed out stays on / with a toast, with or without JavaScript", async ({
    page,
  }) => {
    await page.goto("/");
    await scrollIntoViewOf(page, track(page));
    await dot(page, 3).click();
    await expectShown(page, 3);
    await item(page, 3).getByRole("link").click();
    // Without JavaScript the link reaches the guarded page, which sends the visitor back.
    await expect(page).toHaveURL(/\/(\?redirectTo=%2Fbonus-codes)?$/);
    const toast = page.getByRole("status").filter({ hasText: "Authentication Required" });
    await expect(toast).toContainText("Please sign in to access bonus codes");
  });

  test("the sections follow the spec's order: top performers, feature cards, daily board @js-off-only", async ({
    page,
  }) => {
    // @js-off-only: the server's page, the same with JavaScript.
    await page.goto("/");
    const sections = page.getByRole("heading", { level: 2 });
    const order = ["Top Performers", "Everything for Goated players", "Daily Leaderboard"];
    const headings = await sections.allTextContents();
    expect(headings.filter((heading) => order.includes(heading.trim()))).toEqual(order);
  });

  test("feature cards: marks, and Bonus Codes locked for visitors only @js-off-only", async ({
    page,
    context,
  }) => {
    // @js-off-only: the server's page, the same with JavaScript.
    await page.goto("/");
    const features = page.getByRole("region", { name: "Everything for Goated players" });
    await expect(features.getByRole("link", { name: /Challenges/ })).toContainText("NEW");
    await expect(features.getByRole("link", { name: /Goated Airdrop/ })).toContainText(
      "COMING SOON",
    );
    await expect(features.getByRole("link", { name: /Promotions/ })).toContainText("DAILY");
    const locked = page.getByTestId("feature-card-locked");
    await expect(locked).toHaveAccessibleDescription("Sign in to access bonus codes and rewards");
    await expect(features.getByRole("link", { name: /Bonus Codes/ })).toHaveCount(0);

    await signInAs(context, await createSignedInAccount({}));
    await page.goto("/");
    await expect(page.getByTestId("feature-card-locked")).toHaveCount(0);
    await expect(features.getByRole("link", { name: /Bonus Codes/ })).toHaveAttribute(
      "href",
      "/bonus-codes",
    );
  });
});
