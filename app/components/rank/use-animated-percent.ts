import { useEffect, useLayoutEffect, useState } from "react";

// Layout effect in the browser (the reset to 0 happens before paint on client navigations); the
// server has none and would warn.
const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

export const PERCENT_UPDATE_DELAY_MS = 300;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * The percent a ring shows. The server (and a browser without JavaScript) shows the final value;
 * with JavaScript and `animate`, it starts from 0 and moves to the value after 300 ms, the ring
 * sweeping for 1.5 s (docs/product.md §P4). Reduced motion shows the value at once.
 */
export function useAnimatedPercent(
  target: number,
  animate: boolean,
): { percent: number; sweeping: boolean } {
  const [state, setState] = useState({ percent: target, sweeping: false });
  useBrowserLayoutEffect(() => {
    if (!animate || prefersReducedMotion()) {
      setState({ percent: target, sweeping: false });
      return;
    }
    setState({ percent: 0, sweeping: false });
    const timer = window.setTimeout(
      () => setState({ percent: target, sweeping: true }),
      PERCENT_UPDATE_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [target, animate]);
  return state;
}
