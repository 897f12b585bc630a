import type { ReactNode } from "react";
import type { RankName } from "~/domain/rank";
import { RankEmblem } from "./RankEmblem";
import type { EmblemSize } from "./RankEmblem";

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The progress ring with the emblem in its middle. Geometry is in SVG attributes, not a style
 * attribute: the CSP (`style-src 'self'`) blocks style attributes the server writes. The sweep is
 * a CSS transition on stroke-dashoffset, on only while the value moves up.
 */
export function RankRing({
  rank,
  percent,
  sweeping,
  pixels,
  emblemSize,
  children,
}: {
  rank: RankName;
  percent: number;
  sweeping: boolean;
  pixels: number;
  emblemSize: EmblemSize;
  children?: ReactNode;
}) {
  const offset = CIRCUMFERENCE * (1 - Math.min(100, Math.max(0, percent)) / 100);
  return (
    <span className="relative inline-flex shrink-0 items-center justify-center">
      <svg
        width={pixels}
        height={pixels}
        viewBox="0 0 120 120"
        aria-hidden="true"
        focusable="false"
        data-testid="rank-ring"
      >
        <circle cx="60" cy="60" r={RADIUS} fill="none" stroke="#2A2B31" strokeWidth="10" />
        <circle
          cx="60"
          cy="60"
          r={RADIUS}
          fill="none"
          stroke="#D7FF00"
          strokeWidth="10"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE.toFixed(2)}
          strokeDashoffset={offset.toFixed(2)}
          transform="rotate(-90 60 60)"
          className={
            sweeping
              ? "transition-[stroke-dashoffset] duration-[1500ms] ease-out motion-reduce:transition-none"
              : ""
          }
          data-testid="rank-ring-progress"
        />
      </svg>
      <span className="absolute inset-0 flex flex-col items-center justify-center">
        <RankEmblem rank={rank} size={emblemSize} decorative />
        {children}
      </span>
    </span>
  );
}
