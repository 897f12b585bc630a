import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useSyncExternalStore } from "react";
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

/** True while the page's form that posts this `intent` is being sent. */
export function useSubmittingIntent(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/**
 * Enhances a <details> disclosure (menus, drawer) once JavaScript runs: it closes on navigation,
 * on Escape (returning focus to its summary) and on a click outside it.
 * Without JavaScript the <details> still opens and closes natively.
 */
export function useDetailsEnhancement(ref: RefObject<HTMLDetailsElement>): void {
  const location = useLocation();
  // Not on hydration: a visitor may have opened the menu before JavaScript arrived.
  const openedAt = useRef(location.key);

  useEffect(() => {
    if (location.key === openedAt.current) return;
    openedAt.current = location.key;
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
      if (details?.open && !details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [ref]);
}
