import type { ReactNode } from "react";

/** Below which width the table is wider than a phone's screen: the cue shows up to there. */
const CUE_SHOWN_BELOW = {
  md: "md:hidden",
  lg: "lg:hidden",
  xl: "xl:hidden",
} as const;

/**
 * A table too wide for a phone (issue 35): it scrolls sideways inside a region that takes focus
 * (so the keyboard scrolls it too), its first column stays put while the others pass under it, so
 * every row keeps its name (on a phone in 8rem, long words broken, so the rest has room), and a
 * line above says there is more to the side. CSS only: it works
 * the same without JavaScript. The first cells get the card's background, so nothing shows
 * through them.
 */
export function ScrollingTable({
  role = "region",
  label,
  labelledBy,
  cueShownBelow,
  className = "",
  children,
}: {
  /**
   * "region" (a landmark) for a table that stands on its own; "group" for one inside a named
   * figure, where a landmark would repeat the figure's name (several charts on /admin/flags).
   */
  role?: "region" | "group";
  /** The region's name for a screen reader, or `labelledBy` the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
  /** The breakpoint from which the table fits beside the page and the cue is not needed. */
  cueShownBelow: keyof typeof CUE_SHOWN_BELOW;
  /** The region's box (border, corners). */
  className?: string;
  /** The <table>. */
  children: ReactNode;
}) {
  return (
    <div data-scrolling-table="" className="mt-4">
      <p
        data-scroll-cue=""
        aria-hidden="true"
        className={`mb-1 text-right text-xs text-muted ${CUE_SHOWN_BELOW[cueShownBelow]}`}
      >
        Swipe sideways for more →
      </p>
      <div
        tabIndex={0}
        role={role}
        aria-label={label}
        aria-labelledby={labelledBy}
        className={`relative overflow-x-auto [&_tr>:first-child]:sticky [&_tr>:first-child]:left-0 [&_tr>:first-child]:z-[1] [&_tr>:first-child]:bg-card [&_tr>:first-child]:[overflow-wrap:anywhere] max-lg:[&_tr>:first-child]:w-32 ${className}`}
      >
        {children}
      </div>
    </div>
  );
}
