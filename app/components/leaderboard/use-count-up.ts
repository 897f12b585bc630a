import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/ui/hooks";

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * A number that counts up to `target` over `durationMs` (docs/product.md §P9: counter animation
 * 1 s). The server renders the exact target and hydration keeps it (no drop to 0 and count again);
 * a counter first drawn in the browser (a client-side navigation) counts from 0, and a new target
 * (a live update) counts from the figure shown. Visitors who asked for less motion see the target.
 */
export function useCountUp(target: number, durationMs = 1000): number {
  // False while hydrating the server's HTML, true when the counter first renders in the browser.
  const drawnInBrowser = useHydrated();
  const [shown, setShown] = useState(() =>
    drawnInBrowser && !prefersReducedMotion() ? 0 : target,
  );
  const shownRef = useRef(shown);

  useEffect(() => {
    const from = shownRef.current;
    if (from === target || prefersReducedMotion()) {
      shownRef.current = target;
      setShown(target);
      return;
    }
    const start = performance.now();
    let frame = requestAnimationFrame(function step(time) {
      const progress = Math.min(1, Math.max(0, (time - start) / durationMs));
      // Ease out: fast at first, settling on the exact figure.
      const value = from + (target - from) * (1 - (1 - progress) ** 3);
      shownRef.current = progress === 1 ? target : value;
      setShown(shownRef.current);
      if (progress < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs]);

  return shown;
}
