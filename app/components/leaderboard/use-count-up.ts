import { useEffect, useRef, useState } from "react";

/**
 * A number that counts up to `target` over `durationMs` (from 0 on first show, then from where it
 * was). The server and the first client render show the exact target; visitors who asked for less
 * motion always see it.
 */
export function useCountUp(target: number, durationMs = 1000): number {
  const [shown, setShown] = useState(target);
  const shownRef = useRef(0);

  useEffect(() => {
    const from = shownRef.current;
    if (from === target || matchMedia("(prefers-reduced-motion: reduce)").matches) {
      shownRef.current = target;
      setShown(target);
      return;
    }
    const start = performance.now();
    let frame = requestAnimationFrame(function step(time) {
      const progress = Math.min(1, (time - start) / durationMs);
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
