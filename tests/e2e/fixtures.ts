import { test as base, expect } from "@playwright/test";
import type { BrowserContext, BrowserContextOptions, Page } from "@playwright/test";
import { E2E_ADMIN_URL } from "../../playwright.config";
import { warmContexts } from "./warm-context";
import type { WarmContexts } from "./warm-context";

// The intro screen covers the page for about 3.4 s on a browser session's first page; every test
// but the intro's own starts as a returning visitor.
// With JavaScript, a page's scripts start after its first paint (docs/decisions/0040): every
// page.goto and page.reload waits for the hydration, so a test acts on the page as a player does
// once it has come alive (what a player does before that is the JavaScript-off project's test).
// Playwright's own fixtures behind `context` (playwright/lib/index.js): the options it would make
// the test's context with, and the factory that makes it (and closes it after the test).
interface PlaywrightInternals {
  _combinedContextOptions: BrowserContextOptions;
  _contextFactory: () => Promise<{ context: BrowserContext }>;
}

export const test = base.extend<
  { firstVisit: boolean } & PlaywrightInternals,
  { warmContexts: WarmContexts }
>({
  firstVisit: [false, { option: true }],
  warmContexts: [
    async ({ browser }, use) => {
      const contexts = warmContexts(browser);
      await use(contexts);
      await contexts.close();
    },
    { scope: "worker" },
  ],
  // With JavaScript, the worker's warm context (tests/e2e/warm-context.ts, docs/decisions/0100);
  // without, and for options that seed a context's state, a new context as Playwright makes it.
  context: async ({ _combinedContextOptions, _contextFactory, warmContexts }, use, info) => {
    const options = _combinedContextOptions;
    // E2E_WARM_CONTEXT=0 gives every test a new context, to compare or to rule the reuse out.
    const warm =
      jsEnabled(info.project.name) && process.env.E2E_WARM_CONTEXT !== "0"
        ? await warmContexts.acquire(options, [String(options.baseURL ?? ""), E2E_ADMIN_URL])
        : null;
    if (!warm) {
      await use((await _contextFactory()).context);
      return;
    }
    await use(warm);
    await warmContexts.release(warm, info.status === info.expectedStatus);
  },
  page: async ({ context, firstVisit, warmContexts }, use, info) => {
    const page = warmContexts.takeFreshPage(context) ?? (await context.newPage());
    if (!firstVisit) {
      await page.addInitScript(() => sessionStorage.setItem("hasVisited", "true"));
    }
    if (jsEnabled(info.project.name)) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await waitForHydration(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await waitForHydration(page);
        return response;
      };
    }
    await use(page);
  },
});

export { expect };

export function jsEnabled(projectName: string) {
  return projectName !== "js-off";
}

/**
 * Skips the running test outside the js-on project: for a check of the page as laid out or as axe
 * reads it, where the page without JavaScript is the same page less its script-only parts, so one
 * project proves it (docs/decisions/0075). Flows stay proven in both projects.
 */
export function onlyWithJavaScript(reason: string) {
  test.skip(test.info().project.name !== "js-on", `js-on proves it: ${reason}`);
}

/**
 * Waits until React has hydrated the page (the root element, and the footer where there is one,
 * carry React's fiber), so a click runs the page's handlers instead of a native submission racing
 * the bundle's load. A response that is not one of the site's pages (JSON, a file) has nothing
 * to hydrate.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    if (!("__remixContext" in window)) return true;
    const hydrated = (element: Element | null) =>
      element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber"));
    const footer = document.querySelector("footer");
    return hydrated(document.documentElement) && (footer === null || hydrated(footer));
  });
}

/**
 * How many players the server at `origin` has stored, from the stats API (0 while it is starting
 * or has none): the specs that start a server of their own poll it until a sync has landed.
 */
export async function storedPlayerCount(origin: string): Promise<number> {
  const response = await fetch(`${origin}/api/affiliate/stats?page=1&limit=1`).catch(() => null);
  if (!response?.ok) return 0;
  return ((await response.json()) as { metadata: { totalUsers: number } }).metadata.totalUsers;
}
