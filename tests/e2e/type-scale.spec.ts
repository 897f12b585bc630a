import { expect, test } from "./fixtures";

// The type scale (docs/decisions/0106): a page's first layout at 6x CPU pays about 7-9 ms of
// thread CPU per distinct font (family, size, weight, style) it lays out (docs/decisions/0104),
// so at a phone's width each public page lays out at most MAX_FONTS of them. The bench's
// main-thread section reports the strikes Chromium set up; this counts the computed fonts, which
// do not depend on the machine.

const MAX_FONTS = 10;
const PAGES = ["/", "/leaderboard", "/wager-races"] as const;

/** Runs in the page: the distinct computed fonts of every laid-out element that shows text. */
function laidOutFonts(): string[] {
  const showsText = (element: Element) =>
    [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? "").trim() !== "",
    ) ||
    ((element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
      (element.value !== "" || element.placeholder !== ""));
  const fonts = new Set<string>();
  for (const element of document.querySelectorAll("body *")) {
    if (!showsText(element) || element.getClientRects().length === 0) continue;
    const style = getComputedStyle(element);
    fonts.add(`${style.fontFamily} ${style.fontSize} ${style.fontWeight} ${style.fontStyle}`);
  }
  return [...fonts].sort();
}

for (const path of PAGES) {
  test(`${path}: at 390 px the page lays out at most ${MAX_FONTS} fonts @js-on-only`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
    const fonts = await page.evaluate(laidOutFonts);
    expect(fonts.length, fonts.join("\n")).toBeLessThanOrEqual(MAX_FONTS);
  });
}
