// The installed app's service worker (issue 33 item 1, docs/decisions/0076), served from
// public/ as it is at /service-worker.js with `Cache-Control: no-cache`, registered after the
// page's load by app/lib/service-worker-registration.tsx. The site works the same without it.
//
// Pages come from the network first, always. When the network is gone, any page opens /offline
// with the last leaderboard and the last race the player saw. What it keeps is a visitor's: the
// copies are fetched again without cookies, so no signed-in page, admin or account page is ever
// kept and nothing needs clearing on sign-out.
//
// Push (issue 33 item 2, docs/decisions/0077): the `push` and `notificationclick` listeners at the end.

const CACHE = "goatedvips-offline-v1";
const OFFLINE_PATH = "/offline";

/** The pages kept for /offline, by its box names (app/domain/web-app-manifest.ts OFFLINE_SNAPSHOTS). */
const SNAPSHOTS = [
  { name: "leaderboard", path: /^\/leaderboard$/ },
  { name: "race", path: /^\/wager-races(?:\/\d+)?$/ },
];

/** A page opened again within this time (its data revalidates after each sync) is not kept again. */
const SNAPSHOT_INTERVAL_MS = 60_000;
const lastKept = new Map();

self.addEventListener("install", (event) => {
  event.waitUntil(keepOfflinePage().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      // The page's request starts while the worker starts, rather than after.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(networkFirst(event, url));
    return;
  }
  // With the site's scripts a player moves between pages by fetching their data
  // (`/leaderboard.data?period=weekly`): the page itself is then kept, the browser fetches the data.
  if (url.pathname.endsWith(".data")) {
    const page = new URL(url);
    page.pathname = url.pathname.slice(0, -".data".length);
    page.searchParams.delete("_routes");
    event.waitUntil(keepSnapshot(page));
  }
});

async function networkFirst(event, url) {
  try {
    const response = (await event.preloadResponse) ?? (await fetch(event.request));
    if (response.ok) event.waitUntil(keepSnapshot(url));
    return response;
  } catch {
    return offlinePage();
  }
}

/** A copy of /offline as a visitor gets it (its stylesheet follows the site's with each keep). */
async function keepOfflinePage() {
  const response = await fetch(OFFLINE_PATH, { credentials: "omit" });
  if (response.ok) await (await caches.open(CACHE)).put(OFFLINE_PATH, response);
}

/** Keeps the content of a page /offline shows, as a visitor sees it now. */
async function keepSnapshot(url) {
  const snapshot = SNAPSHOTS.find((candidate) => candidate.path.test(url.pathname));
  if (!snapshot) return;
  const previous = lastKept.get(snapshot.name);
  if (previous?.href === url.href && Date.now() - previous.at < SNAPSHOT_INTERVAL_MS) return;
  lastKept.set(snapshot.name, { href: url.href, at: Date.now() });
  try {
    const response = await fetch(url.pathname + url.search, { credentials: "omit" });
    const content = response.ok ? pageContent(await response.text()) : null;
    if (content === null) return;
    const cache = await caches.open(CACHE);
    await cache.put(
      snapshotKey(snapshot.name),
      new Response(content, {
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "X-Seen-At": new Date().toISOString(),
          "X-Page": url.pathname + url.search,
        },
      }),
    );
    await keepOfflinePage();
  } catch {
    // Offline or the server down: the copy kept before stays.
    lastKept.delete(snapshot.name);
  }
}

function snapshotKey(name) {
  return `${OFFLINE_PATH}?snapshot=${name}`;
}

/** What a page shows inside its <main>, without scripts. */
function pageContent(html) {
  const start = html.indexOf("<main");
  const end = html.lastIndexOf("</main>");
  const contentStart = html.indexOf(">", start) + 1;
  if (start < 0 || end < contentStart) return null;
  return withoutScripts(html.slice(contentStart, end));
}

/**
 * A kept page offline is what a browser without JavaScript shows: its scripts would only start
 * live updates that cannot connect (and their held preloads, app/http/held-scripts.server.ts).
 */
function withoutScripts(html) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
}

/** /offline with each kept page in its box; the page's own CSP (its stylesheet's nonce) kept. */
async function offlinePage() {
  const cache = await caches.open(CACHE);
  const page = await cache.match(OFFLINE_PATH);
  if (!page) {
    return new Response("You are offline. Reload once you are back online.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  let html = withoutScripts(await page.text());
  for (const { name } of SNAPSHOTS) {
    const kept = await cache.match(snapshotKey(name));
    if (!kept) continue;
    const content = seenLine(kept.headers) + (await kept.text());
    // A function, not a string: `$1` in a prize ("$1,000") is no pattern.
    html = html.replace(
      new RegExp(`(<div data-offline-snapshot="${name}">)[\\s\\S]*?(</div>)`),
      (_match, open, close) => open + content + close,
    );
  }
  const headers = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" };
  const policy = page.headers.get("Content-Security-Policy");
  if (policy) headers["Content-Security-Policy"] = policy;
  return new Response(html, { headers });
}

function seenLine(headers) {
  const seenAt = headers.get("X-Seen-At");
  const path = headers.get("X-Page") ?? "/";
  const when = new Date(seenAt).toLocaleString(undefined, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  return (
    `<p class="mt-3 text-sm text-muted">As of <time datetime="${seenAt}">${when}</time>` +
    ` (<a class="underline" href="${escapeAttribute(path)}">${escapeText(path)}</a>)</p>`
  );
}

function escapeText(text) {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

function escapeAttribute(text) {
  return escapeText(text).replaceAll('"', "&quot;");
}

// A push's data is the JSON {title, body, url} app/domain/push.ts builds.
self.addEventListener("push", (event) => {
  const { title, body, url } = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(title || "GoatedVIPs", {
      body,
      icon: "/icons/icon-192.png",
      data: { url: url || "/notifications" },
    }),
  );
});

// A click opens what the push is about, in a tab of the site already open if there is one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? "/notifications", self.location.origin);
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const tab = open.find((client) => new URL(client.url).origin === target.origin);
      if (tab) {
        await tab.focus();
        await tab.navigate(target.href);
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
