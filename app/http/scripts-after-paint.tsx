import { useNonce } from "~/lib/nonce";

// The page's scripts start after its first paint (docs/decisions/0040). Every page is drawn by the
// server and works without JavaScript; the scripts only hydrate what is already there. Fetched
// while the HTML is parsed, they compete with the first paint for the link and the CPU, and
// Lighthouse's simulation counts each one that arrived before the paint as delaying it. So the
// server holds them (app/http/held-scripts.server.ts writes Remix's module preloads without their
// href and its module script under another type) and this script, once the first contentful paint
// is reported and the document is parsed, lets them go after that frame.

/** The type the server gives Remix's inline module script, which browsers then do not run. */
export const HELD_MODULE_TYPE = "text/x-module-after-paint";

/** The held preload's URL, in place of its href, so the preload scanner does not fetch it. */
export const HELD_HREF_ATTRIBUTE = "data-href";

/** How long a page that reports no paint (some browsers, a prerender) waits before starting. */
const NO_PAINT_FALLBACK_MS = 2000;

/**
 * How many held preloads start in one task: each request costs the main thread about 0.5 ms, 2 ms
 * at Lighthouse's 4x CPU, and a page has about 33 (docs/decisions/0043), so all at once made one
 * long task after the first paint.
 */
const PRELOADS_PER_TASK = 8;

const START_SCRIPTS = `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    startPreloads(Array.prototype.slice.call(
      document.querySelectorAll("link[rel=modulepreload][${HELD_HREF_ATTRIBUTE}]")
    ));
  }
  function startPreloads(links) {
    links.splice(0, ${PRELOADS_PER_TASK}).forEach(function (link) {
      link.href = link.getAttribute("${HELD_HREF_ATTRIBUTE}");
    });
    if (links.length > 0) return setTimeout(function () { startPreloads(links); });
    document.querySelectorAll('script[type="${HELD_MODULE_TYPE}"]').forEach(function (held) {
      var script = document.createElement("script");
      script.type = "module";
      script.nonce = held.nonce;
      script.textContent = held.textContent;
      held.replaceWith(script);
    });
  }
  function afterThisFrame() {
    requestAnimationFrame(function () { setTimeout(start); });
  }
  function painted() {
    return performance.getEntriesByName("first-contentful-paint").length > 0;
  }
  function whenParsed() {
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (document.visibilityState !== "visible" || types.indexOf("paint") < 0) return start();
    setTimeout(start, ${NO_PAINT_FALLBACK_MS});
    if (painted()) return afterThisFrame();
    new PerformanceObserver(function (list, observer) {
      if (!painted()) return;
      observer.disconnect();
      afterThisFrame();
    }).observe({ type: "paint" });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", whenParsed);
  else whenParsed();
})();`;

/** Starts the scripts the server held (after Remix's <Scripts>, in the root layout). */
export function ScriptsAfterFirstPaint() {
  const nonce = useNonce();
  return (
    <script
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: START_SCRIPTS }}
      suppressHydrationWarning
    />
  );
}
