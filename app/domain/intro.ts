/**
 * Whether the intro/loading screen shows (docs/product.md §P2: first visit per browser session). Our users are
 * on slow phones, so it never covers a page that took more than a second to come alive, and it
 * stays away when the visitor asked for less motion or less data.
 */
export const INTRO_MAX_HYDRATION_MS = 1000;

export interface IntroContext {
  seenThisSession: boolean;
  /** Milliseconds from the scripts' start (the first paint, docs/decisions/0040) until hydrated. */
  hydratedAfterMs: number;
  prefersReducedMotion: boolean;
  saveData: boolean;
}

export function shouldShowIntro(context: IntroContext): boolean {
  return (
    !context.seenThisSession &&
    context.hydratedAfterMs <= INTRO_MAX_HYDRATION_MS &&
    !context.prefersReducedMotion &&
    !context.saveData
  );
}
