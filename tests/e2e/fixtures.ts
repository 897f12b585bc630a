import { test as base, expect } from "@playwright/test";

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
