import { useEffect, useState } from "react";
import { shouldShowIntro } from "~/domain/intro";
import { Logo } from "./Logo";

// docs/product.md §P2, §P4 and §P9: progress rises over about 2 s to 99.5 %, shows 100 %, completes
// 800 ms later and fades out 0.6 s after that; the dots change every 500 ms. The bar's rise is a CSS
// animation (`animate-intro-rise`, 2 s, the spec's 30 ms ticks as a smooth line) so the page's main
// thread stays free while it hydrates; the progress bar's value is read out at each dots change.
const INTRO_SEEN_KEY = "hasVisited";
const RISE_MS = 2000;
const RISE_TO_PERCENT = 99.5;
const COMPLETION_DELAY_MS = 800;
const HIDE_DELAY_MS = 600;
const DOTS_MS = 500;

type Phase = "off" | "loading" | "done" | "leaving";

// Storage can be blocked by privacy settings: then the intro counts as seen and never shows.
function seenThisSession(): boolean {
  try {
    return sessionStorage.getItem(INTRO_SEEN_KEY) !== null;
  } catch {
    return true;
  }
}

function rememberSeen(): void {
  try {
    sessionStorage.setItem(INTRO_SEEN_KEY, "true");
  } catch {
    // Nowhere to remember it; seenThisSession() already answers true.
  }
}

// The scripts start once the first paint is reported (docs/decisions/0040), so a page comes alive
// in the time from that paint; without one, from navigation start.
function msSinceScriptsStarted(): number {
  const firstPaint = performance.getEntriesByName("first-contentful-paint")[0];
  return performance.now() - (firstPaint?.startTime ?? 0);
}

function introWanted(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return shouldShowIntro({
    seenThisSession: seenThisSession(),
    hydratedAfterMs: msSinceScriptsStarted(),
    prefersReducedMotion: window.matchMedia("(prefers-reduced-motion: reduce)").matches,
    saveData: connection?.saveData === true,
  });
}

/** The intro/loading screen. Rendered only by JavaScript, so never without it. */
export function IntroScreen() {
  const [phase, setPhase] = useState<Phase>("off");
  const [progress, setProgress] = useState(0);
  const [dots, setDots] = useState(0);

  useEffect(() => {
    if (introWanted()) setPhase("loading");
    else rememberSeen();
  }, []);

  useEffect(() => {
    if (phase !== "loading") return;
    const startedAt = performance.now();
    const risen = setTimeout(() => setPhase("done"), RISE_MS);
    const dotter = setInterval(() => {
      setDots((n) => (n + 1) % 4);
      setProgress(
        Math.min(RISE_TO_PERCENT, ((performance.now() - startedAt) / RISE_MS) * RISE_TO_PERCENT),
      );
    }, DOTS_MS);
    return () => {
      clearTimeout(risen);
      clearInterval(dotter);
    };
  }, [phase]);

  useEffect(() => {
    if (phase === "done") {
      setProgress(100);
      const timer = setTimeout(() => {
        rememberSeen();
        setPhase("leaving");
      }, COMPLETION_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (phase === "leaving") {
      const timer = setTimeout(() => setPhase("off"), HIDE_DELAY_MS);
      return () => clearTimeout(timer);
    }
  }, [phase]);

  if (phase === "off") return null;
  return (
    <div
      data-testid="intro-screen"
      className={`fixed inset-0 z-[100] flex flex-col items-center justify-center gap-6 bg-page transition-opacity duration-500 ${
        phase === "leaving" ? "opacity-0" : "opacity-100"
      }`}
    >
      <Logo className="h-12 w-auto" />
      <div
        role="progressbar"
        aria-label="Loading GoatedVIPs"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress)}
        className="h-1.5 w-64 overflow-hidden rounded-full bg-accent"
      >
        <div
          className={`h-full w-full rounded-full bg-primary shadow-glow ${
            phase === "loading" ? "animate-intro-rise" : ""
          }`}
        />
      </div>
      <p className="w-24 font-display text-sm font-bold uppercase tracking-widest text-muted">
        Loading{".".repeat(dots)}
      </p>
    </div>
  );
}
