import { expect, test } from "./fixtures";

test.use({ firstVisit: true });

test("the intro screen shows once per browser session with JavaScript @js-on-only", async ({
  page,
}) => {
  // @js-on-only: the intro needs JavaScript.
  // The intro only shows when the page came alive within 1 s of navigation start; a cold browser on
  // a busy test machine can miss that (and then rightly skips it), so start the session afresh up to
  // three times.
  const intro = page.getByTestId("intro-screen");
  let shown = false;
  await page.goto("/");
  for (let attempt = 0; attempt < 3 && !shown; attempt += 1) {
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    shown = await intro.waitFor({ state: "visible", timeout: 2000 }).then(
      () => true,
      () => false,
    );
  }
  expect(shown).toBe(true);
  await expect(intro.getByRole("progressbar")).toBeVisible();
  await expect(intro).toContainText("Loading");
  // The bar rises on the compositor while the page hydrates: for one second the intro changes the
  // page twice (the dots and the bar's value every 500 ms), not at each of the spec's 30 ms ticks.
  const rise = await page.evaluate(async () => {
    const screen = document.querySelector('[data-testid="intro-screen"]');
    const bar = document.querySelector('[data-testid="intro-screen"] [role="progressbar"] > div');
    if (!screen || !bar) return null;
    let changes = 0;
    const observer = new MutationObserver((records) => (changes += records.length));
    observer.observe(screen, {
      subtree: true,
      attributes: true,
      childList: true,
      characterData: true,
    });
    const animations = bar.getAnimations().filter((animation) => animation.playState === "running");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    observer.disconnect();
    return { changes, animations: animations.length };
  });
  expect(rise).not.toBeNull();
  expect(rise?.animations).toBe(1);
  expect(rise?.changes).toBeLessThanOrEqual(8);
  // About 2 s of progress, 800 ms at 100 %, then a 0.6 s fade.
  await expect(intro).toBeHidden({ timeout: 6000 });
  expect(await page.evaluate(() => sessionStorage.getItem("hasVisited"))).toBe("true");

  await page.reload();
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  await expect(page.getByTestId("intro-screen")).toHaveCount(0);
});

test("the intro screen never shows without JavaScript @js-off-only", async ({ page }) => {
  // @js-off-only: checks the no-JavaScript case.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("intro-screen")).toHaveCount(0);
});

test.describe("with reduced motion", () => {
  test.use({ colorScheme: "dark", reducedMotion: "reduce" });
  test("the intro screen is skipped @js-on-only", async ({ page }) => {
    // @js-on-only: the intro needs JavaScript.
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    await expect(page.getByTestId("intro-screen")).toHaveCount(0);
  });
});
