import type { Browser, BrowserContext, BrowserContextOptions, Page } from "@playwright/test";

// One browser context per worker for the projects with JavaScript (docs/decisions/0100): a new
// context per test costs its renderer and its HTTP cache, where the compiled scripts are kept, a
// quarter of js-on's Chromium CPU. The context is handed to test after test only while nothing of
// one test can reach the next:
// - before each test its pages are closed, its cookies and granted permissions cleared, offline
//   mode turned off, and the storage and service workers of every origin its pages have shown
//   removed (CDP Storage.clearDataForOrigin); the HTTP cache stays;
// - a test that calls anything else that leaves state in a context (the clock, routes, init
//   scripts, bindings, extra headers, geolocation, credentials, default timeouts, listeners, a
//   CDP session, storage state) taints it: it is closed after that test, and the next one gets a
//   new context;
// - so does a test that fails, and a change of context options (`test.use`); options that put
//   state into a new context (storageState, permissions, offline) never get the warm one.
// tests/e2e/warm-context.spec.ts proves that nothing leaks from one test to the next.

/** The context's own methods that leave nothing behind the reset does not remove. */
const RESET_BY_REUSE = new Set([
  "browser",
  "pages",
  "isClosed",
  "newPage",
  "cookies",
  "addCookies",
  "clearCookies",
  "grantPermissions",
  "clearPermissions",
  "setOffline",
  "waitForEvent",
  "storageState",
  "backgroundPages",
  "serviceWorkers",
  "unroute",
  "unrouteAll",
  "close",
  // The event emitter's own, which add no listener.
  "emit",
  "off",
  "removeListener",
  "listeners",
  "listenerCount",
  "rawListeners",
  "eventNames",
  "getMaxListeners",
  "toJSON",
]);

/** Event emitter methods a test could reach: a listener would outlive its test. */
const LISTENER_METHODS = ["on", "once", "addListener", "prependListener", "prependOnceListener"];

const STORAGE_TYPES = [
  "cookies",
  "file_systems",
  "indexeddb",
  "local_storage",
  "service_workers",
  "cache_storage",
  "websql",
].join(",");

interface Warm {
  context: BrowserContext;
  signature: string;
  /** Set by any call that leaves state the reset does not remove. */
  tainted: string | null;
  /** Every origin a page of the context has shown. */
  origins: Set<string>;
  /** The page made by the reset, for the test's `page`. */
  fresh: Page | null;
  /** How many tests have had it. */
  uses: number;
}

export interface WarmContexts {
  /** The worker's warm context for a test with these options, reset; null: not for these. */
  acquire(options: BrowserContextOptions, seedOrigins: string[]): Promise<BrowserContext | null>;
  /** The page the reset made, once, for the test's `page` fixture. */
  takeFreshPage(context: BrowserContext): Page | null;
  /** After the test: closes its pages, or the whole context when tainted or failed. */
  release(context: BrowserContext, passed: boolean): Promise<void>;
  /** Why the current context will not be reused (null while it will). */
  taint(context: BrowserContext): string | null;
  close(): Promise<void>;
}

/** Options whose state a new context starts with: the reset would remove it. */
function seedsState(options: BrowserContextOptions) {
  return (
    options.storageState !== undefined ||
    (options.permissions?.length ?? 0) > 0 ||
    options.offline === true
  );
}

function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin.startsWith("http") ? origin : null;
  } catch {
    return null;
  }
}

function taintOnCall(target: object, name: string, reason: string, mark: (r: string) => void) {
  const record = target as Record<string, unknown>;
  const original = record[name];
  if (typeof original !== "function") return;
  record[name] = function (this: unknown, ...args: unknown[]) {
    mark(reason);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
}

/** Every public method name of an object and its prototypes, Object's own excepted. */
function publicMethods(target: object): string[] {
  const names = new Set<string>();
  for (
    let proto: object | null = Object.getPrototypeOf(target);
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name !== "constructor" && !name.startsWith("_")) names.add(name);
    }
  }
  return [...names].filter(
    (name) => typeof (target as Record<string, unknown>)[name] === "function",
  );
}

export function warmContexts(browser: Browser): WarmContexts {
  let warm: Warm | null = null;

  async function discard() {
    const old = warm;
    warm = null;
    if (old && !old.context.isClosed()) await old.context.close();
  }

  async function create(options: BrowserContextOptions, signature: string): Promise<Warm> {
    const context = await browser.newContext(options);
    const made: Warm = {
      context,
      signature,
      tainted: null,
      origins: new Set(),
      fresh: null,
      uses: 0,
    };
    const mark = (reason: string) => {
      // WARM_CONTEXT_DEBUG=1 prints what ends a warm context's reuse.
      if (process.env.WARM_CONTEXT_DEBUG && !made.tainted) {
        console.log(`warm context tainted by ${reason} after ${made.uses} tests`);
      }
      made.tainted ??= reason;
    };
    // The origins its pages show, before the listener methods are wrapped (this one is ours).
    context.on("page", (page) =>
      page.on("framenavigated", (frame) => {
        const origin = originOf(frame.url());
        if (origin) made.origins.add(origin);
      }),
    );
    for (const name of publicMethods(context)) {
      if (!RESET_BY_REUSE.has(name)) taintOnCall(context, name, `context.${name}`, mark);
    }
    for (const name of LISTENER_METHODS) taintOnCall(context, name, `context.${name}`, mark);
    // page.clock is the context's clock; credentials are the context's too.
    for (const part of ["clock", "credentials"] as const) {
      const object = (context as unknown as Record<string, object | undefined>)[part];
      if (!object) continue;
      for (const name of publicMethods(object)) {
        taintOnCall(object, name, `${part}.${name}`, mark);
      }
    }
    return made;
  }

  async function reset(current: Warm, seedOrigins: string[]) {
    const { context } = current;
    await Promise.all(context.pages().map((page) => page.close()));
    await context.clearCookies();
    await context.clearPermissions();
    await context.setOffline(false);
    const page = await context.newPage();
    const origins = new Set([...seedOrigins, ...current.origins]);
    if (current.uses > 0 && origins.size > 0) {
      // Through the untainting path: the session is ours and detached before the test.
      const newSession = Object.getPrototypeOf(context)
        .newCDPSession as BrowserContext["newCDPSession"];
      const cdp = await newSession.call(context, page);
      for (const origin of origins) {
        await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: STORAGE_TYPES });
      }
      await cdp.detach();
    }
    current.origins.clear();
    current.fresh = page;
    current.uses += 1;
  }

  return {
    async acquire(options, seedOrigins) {
      if (seedsState(options)) return null;
      const signature = JSON.stringify(options);
      if (warm && (warm.signature !== signature || warm.tainted || warm.context.isClosed())) {
        await discard();
      }
      warm ??= await create(options, signature);
      await reset(warm, seedOrigins);
      return warm.context;
    },
    takeFreshPage(context) {
      if (!warm || warm.context !== context) return null;
      const page = warm.fresh;
      warm.fresh = null;
      return page && !page.isClosed() ? page : null;
    },
    async release(context, passed) {
      if (!warm || warm.context !== context) return;
      if (!passed || warm.tainted || context.isClosed()) {
        await discard();
        return;
      }
      warm.fresh = null;
      await Promise.all(context.pages().map((page) => page.close()));
    },
    taint(context) {
      if (!warm || warm.context !== context) return "not the warm context";
      return warm.tainted;
    },
    close: discard,
  };
}
