import { test as base, expect } from "@playwright/test";
import type { Page } from "@playwright/test";

// The intro screen covers the page for about 3.4 s on a browser session's first page; every test
// but the intro's own starts as a returning visitor.
export const test = base.extend<{ firstVisit: boolean }>({
  firstVisit: [false, { option: true }],
  page: async ({ page, firstVisit }, use) => {
    if (!firstVisit) {
      await page.addInitScript(() => sessionStorage.setItem("hasVisited", "true"));
    }
    await use(page);
  },
});

export { expect };

export const jsEnabled = (projectName: string) => projectName !== "js-off";

/**
 * Waits until React has hydrated the page's shell (the footer carries React's fiber), so a click
 * runs the page's handlers instead of a native submission racing the bundle's load.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const footer = document.querySelector("footer");
    return footer !== null && Object.keys(footer).some((key) => key.startsWith("__reactFiber"));
  });
}
