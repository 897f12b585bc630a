import { describe, expect, it } from "vitest";
import { shouldShowIntro } from "~/domain/intro";
import type { IntroContext } from "~/domain/intro";

const firstFastVisit: IntroContext = {
  seenThisSession: false,
  hydratedAfterMs: 400,
  prefersReducedMotion: false,
  saveData: false,
};

describe("shouldShowIntro", () => {
  it("shows on the first visit of a session when the page came alive quickly", () => {
    expect(shouldShowIntro(firstFastVisit)).toBe(true);
    expect(shouldShowIntro({ ...firstFastVisit, hydratedAfterMs: 1000 })).toBe(true);
  });

  it.each<[string, Partial<IntroContext>]>([
    ["already seen this session", { seenThisSession: true }],
    ["hydrated after more than 1 s", { hydratedAfterMs: 1001 }],
    ["reduced motion asked for", { prefersReducedMotion: true }],
    ["Save-Data on", { saveData: true }],
  ])("never shows when %s", (_case, change) => {
    expect(shouldShowIntro({ ...firstFastVisit, ...change })).toBe(false);
  });
});
