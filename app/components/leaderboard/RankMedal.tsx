const MEDAL_COLOURS = [
  { face: "#FFD54A", edge: "#A87B00" },
  { face: "#DDE1E7", edge: "#7E858F" },
  { face: "#E3A36F", edge: "#8A5528" },
] as const;

/** Ranks 1 to 3 get a medal (docs/product.md §P2: top 3 highlighted). */
export function hasMedal(rank: number): boolean {
  return rank >= 1 && rank <= MEDAL_COLOURS.length;
}

/**
 * The gold, silver or bronze medal of ranks 1 to 3, with the rank on its face. Drawn as SVG, not
 * an emoji, which shows as an empty box on devices without an emoji font; named 'Rank N' for
 * screen readers, while its text stays the bare number (a table cell reads "1").
 */
export function RankMedal({ rank, pixels = 24 }: { rank: number; pixels?: number }) {
  const colours = MEDAL_COLOURS[rank - 1];
  if (!colours) return null;
  return (
    <svg
      role="img"
      aria-label={`Rank ${rank}`}
      width={pixels}
      height={pixels}
      viewBox="0 0 24 24"
      focusable="false"
      className="inline-block shrink-0 align-middle"
      data-testid="rank-medal"
    >
      <path d="M6 1h4l3 7H9z" fill="#D7FF00" />
      <path d="M18 1h-4l-3 7h4z" fill="#9DBB00" />
      <circle cx="12" cy="15" r="8" fill={colours.face} stroke={colours.edge} strokeWidth="1.5" />
      <text
        x="12"
        y="15"
        textAnchor="middle"
        dominantBaseline="central"
        fontSize="14"
        fontWeight="700"
        fill="#14151A"
      >
        {rank}
      </text>
    </svg>
  );
}
