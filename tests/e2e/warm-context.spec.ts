import type { BrowserContext, Page } from "@playwright/test";
import { E2E_ADMIN_URL } from "../../playwright.config";
import { expect, test } from "./fixtures";

// The warm context (tests/e2e/warm-context.ts, docs/decisions/0100): one test leaves every kind of
// state a browser context keeps; the next test, in the same context, finds none of it. A test that
// taints the context (here the clock) hands the next one a new context.
test.describe.configure({ mode: "serial" });

// Another origin than the site's and the admin host's: the reset finds it from what the pages
// showed.
const otherOrigin = (baseURL: string) => baseURL.replace("localhost", "127.0.0.1");

let previous: BrowserContext | null = null;

const MARK = "warm-context-leak";

async function leaveState(page: Page) {
  await page.evaluate(async (mark) => {
    localStorage.setItem(mark, "1");
    document.cookie = `${mark}=1; path=/`;
    await caches.open(mark).then((cache) => cache.put(`/${mark}`, new Response(mark)));
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(mark);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error ?? new Error("indexedDB.open failed"));
    });
  }, MARK);
}

async function stateLeft(page: Page) {
  return page.evaluate(async (mark) => {
    const databases = await indexedDB.databases();
    const geolocation = await navigator.permissions.query({ name: "geolocation" });
    return {
      localStorage: localStorage.getItem(mark),
      cookie: document.cookie.includes(mark),
      cache: await caches.has(mark),
      indexedDB: databases.some((database) => database.name === mark),
      serviceWorkers: (await navigator.serviceWorker.getRegistrations()).length,
      geolocation: geolocation.state,
      online: navigator.onLine,
    };
  }, MARK);
}

test("a test leaves cookies, storage, a service worker, a permission and offline mode @js-on-only", async ({
  page,
  context,
  baseURL,
}) => {
  const site = String(baseURL);
  await page.goto("/");
  // Every public page registers the site's service worker.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await leaveState(page);
  await page.goto(`${E2E_ADMIN_URL}/healthz`);
  await leaveState(page);
  await page.goto(`${otherOrigin(site)}/healthz`);
  await leaveState(page);
  await context.addCookies([{ name: MARK, value: "1", url: site }]);
  await context.grantPermissions(["geolocation"]);
  await page.goto("/healthz");
  const left = await stateLeft(page);
  expect(left).toMatchObject({ localStorage: "1", cache: true, indexedDB: true });
  expect(left.serviceWorkers).toBeGreaterThan(0);
  expect(left.geolocation).toBe("granted");
  await context.setOffline(true);
  previous = context;
});

test("the next test in the warm context finds none of it @js-on-only", async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  // The same context, or this test proves nothing.
  expect(context).toBe(previous);
  expect(await context.cookies()).toEqual([]);
  // What a new context finds, page by page.
  const fresh = await browser.newContext();
  try {
    const freshPage = await fresh.newPage();
    for (const origin of [String(baseURL), E2E_ADMIN_URL, otherOrigin(String(baseURL))]) {
      await page.goto(`${origin}/healthz`);
      await freshPage.goto(`${origin}/healthz`);
      const found = await stateLeft(page);
      expect(found, origin).toEqual(await stateLeft(freshPage));
      expect(found, origin).toMatchObject({ localStorage: null, serviceWorkers: 0, online: true });
    }
  } finally {
    await fresh.close();
  }
  // The clock stays in a context: this one is not handed on.
  await page.clock.install();
  previous = context;
});

test("a test after one that used the clock gets a new context @js-on-only", async ({ context }) => {
  expect(previous).not.toBeNull();
  expect(context).not.toBe(previous);
});
