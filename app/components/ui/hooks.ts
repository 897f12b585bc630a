import { useLocation } from "@remix-run/react";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { RefObject } from "react";

const subscribeNever = () => () => {};

/** False on the server and during hydration, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** Whether the user asked for reduced motion (false on the server). */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

/**
 * Enhances a <details> disclosure (menus, drawer) once JavaScript runs: it closes on navigation,
 * on Escape (returning focus to its summary) and, unless told otherwise, on a click outside it.
 * Without JavaScript the <details> still opens and closes natively.
 */
export function useDetailsEnhancement(
  ref: RefObject<HTMLDetailsElement>,
  { closeOnOutsideClick = true } = {},
): void {
  const location = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [ref, location.key]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const details = ref.current;
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const details = ref.current;
      if (closeOnOutsideClick && details?.open && !details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [ref, closeOnOutsideClick]);
}
