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
      <text
        x="36"
        y="23"
        // The display font (tailwind.config.ts), bold, at its 20 px step where the logo is drawn
        // at its own size (docs/decisions/0106); scaled, it is a font of its own (one per height).
        fontFamily="'Arial Narrow', 'Roboto Condensed', 'Helvetica Neue Condensed', Impact, system-ui, sans-serif"
        fontSize="20"
        fontWeight="700"
        // Whatever font the phone has, the word fills the same box.
        textLength="128"
        lengthAdjust="spacingAndGlyphs"
        fill="#FFFFFF"
      >
        GOATED
        <tspan fill="#D7FF00">VIPS</tspan>
      </text>
    </svg>
  );
}
