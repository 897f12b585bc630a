import { useEffect, useState } from "react";
import { useHydrated } from "~/components/ui/hooks";

export const PERCENT_UPDATE_DELAY_MS = 300;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * The percent a ring shows (docs/product.md §P4: the percent updates after 300 ms, the ring sweeps
 * for 1.5 s). The server (and a browser without JavaScript) shows the final value, and hydration
 * keeps it: no drop to 0 and sweep again. A ring first drawn in the browser (a client-side
 * navigation) starts from 0; a new value later moves from the one shown. Reduced motion, or
 * `animate` off, shows the value at once.
 */
export function useAnimatedPercent(
  target: number,
  animate: boolean,
): { percent: number; sweeping: boolean } {
  // False while hydrating the server's HTML, true when the ring first renders in the browser.
  const drawnInBrowser = useHydrated();
  const [state, setState] = useState(() => ({
    percent: drawnInBrowser && animate && !prefersReducedMotion() ? 0 : target,
    sweeping: false,
  }));
  useEffect(() => {
    if (!animate || prefersReducedMotion()) {
      setState({ percent: target, sweeping: false });
      return;
    }
    const timer = window.setTimeout(
      () =>
        setState((shown) =>
          shown.percent === target ? shown : { percent: target, sweeping: true },
        ),
      PERCENT_UPDATE_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [target, animate]);
  return state;
}
