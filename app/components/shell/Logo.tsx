import {
  LOGO_WORD_BASELINE,
  LOGO_WORD_GOATED,
  LOGO_WORD_VIPS,
  LOGO_WORD_VIPS_AT,
  LOGO_WORD_WIDTH,
} from "./logo-word";

// The word fills x = 36 to 164 beside the crest, its baseline at y = 23, scaled alike both ways.
const WORD_SCALE = 128 / LOGO_WORD_WIDTH;
const WORD_TRANSFORM = `translate(36 ${(23 - LOGO_WORD_BASELINE * WORD_SCALE).toFixed(2)}) scale(${WORD_SCALE.toFixed(4)})`;

/** Our wordmark: a horned crest and GOATEDVIPS, drawn inline so it costs no request. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      width="168"
      height="32"
      viewBox="0 0 168 32"
      role="img"
      aria-label="GoatedVIPs"
    >
      <path d="M16 2 28 8v9c0 7-5 11.5-12 13-7-1.5-12-6-12-13V8z" fill="#D7FF00" />
      <path
        d="M9 8c0 4 2 6 5 7M23 8c0 4-2 6-5 7M12 17h8l-1.5 6h-5z"
        fill="none"
        stroke="#14151A"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {/* The word as outlines, no font to set up and the same on every phone (its file says why). */}
      <g transform={WORD_TRANSFORM}>
        <path d={LOGO_WORD_GOATED} fill="#FFFFFF" />
        <path d={LOGO_WORD_VIPS} transform={`translate(${LOGO_WORD_VIPS_AT} 0)`} fill="#D7FF00" />
      </g>
    </svg>
  );
}
