import type { RankName } from "~/domain/rank";

/** Display sizes of the one emblem file per rank (docs/product.md §P9: small, medium, large, extra large). */
export const EMBLEM_SIZES = { sm: 24, md: 40, lg: 64, xl: 96 } as const;
export type EmblemSize = keyof typeof EMBLEM_SIZES;

export function rankEmblemUrl(rank: RankName): string {
  return `/ranks/${rank.toLowerCase()}.svg`;
}

/** A rank's emblem from our own origin; decorative when the rank's name is written beside it. */
export function RankEmblem({
  rank,
  size = "md",
  decorative = false,
  className = "",
}: {
  rank: RankName;
  size?: EmblemSize;
  decorative?: boolean;
  className?: string;
}) {
  const pixels = EMBLEM_SIZES[size];
  return (
    <img
      src={rankEmblemUrl(rank)}
      width={pixels}
      height={pixels}
      alt={decorative ? "" : `${rank} rank emblem`}
      decoding="async"
      className={`shrink-0 ${className}`}
    />
  );
}
