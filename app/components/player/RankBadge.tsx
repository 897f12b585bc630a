import { rankFor } from "~/domain/rank";
import type { RankName } from "~/domain/rank";

/** Text colours with at least 4.5:1 contrast on the card background. */
const RANK_CLASSES: Record<RankName, string> = {
  COPPER: "border-[#D98A55]/50 text-[#D98A55]",
  BRONZE: "border-[#CD7F32]/50 text-[#E0954A]",
  SILVER: "border-[#C0C0C0]/50 text-[#C0C0C0]",
  GOLD: "border-[#FFD700]/50 text-[#FFD700]",
  PLATINUM: "border-[#E5E4E2]/50 text-[#E5E4E2]",
  PEARL: "border-[#F0EAD6]/50 text-[#F0EAD6]",
  SAPPHIRE: "border-[#5B9BFF]/50 text-[#7FB0FF]",
  EMERALD: "border-[#50C878]/50 text-[#50C878]",
  DIAMOND: "border-[#B9F2FF]/50 text-[#B9F2FF]",
};

/** The player's tier from their all-time total, as a small text badge. */
export function RankBadge({ allTime }: { allTime: number }) {
  const rank = rankFor(allTime);
  return (
    <span
      className={`inline-block rounded border px-1.5 py-px text-xs font-bold uppercase leading-4 tracking-wider ${RANK_CLASSES[rank.name]}`}
    >
      {rank.name}
    </span>
  );
}
