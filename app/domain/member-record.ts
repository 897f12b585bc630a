import type { AchievementJson, RaceHistoryEntryJson } from "./api-contract";
import { formatWholeUsd, roundToCents } from "./money";
import { RANKS, rankFor } from "./rank";
import type { Rank, RankName } from "./rank";

/**
 * A member's race record and achievements on their public profile (`/user/:id`, `/api/users/:id`),
 * derived from facts only: their linked player's all-time wager and the frozen results of
 * completed races.
 */

/** One frozen result of a completed race for the member's player. */
export interface RaceFinish {
  raceId: number;
  title: string;
  endDate: string;
  position: number;
  /** Dollars wagered in the race. */
  wager: number;
  prizeCents: number;
}

export interface MemberRecord {
  /** The tier of the all-time wager (COPPER to DIAMOND). */
  currentTier: RankName;
  /** The best finish in a completed race; 0 when the member has none. */
  bestRank: number;
  races: { participated: number; won: number; totalPrizes: number };
  achievements: AchievementJson[];
  /** Completed races with a result, newest first. */
  history: RaceHistoryEntryJson[];
}

/** The ranks above COPPER that an all-time wager has reached, lowest first. */
export function ranksReached(allTimeWagered: number): Rank[] {
  const current = rankFor(allTimeWagered);
  return RANKS.slice(1, RANKS.indexOf(current) + 1);
}

const titleCase = (name: string) => name.charAt(0) + name.slice(1).toLowerCase();

/**
 * The record from the facts. `rankReachedAt` says when each reached rank was first reached (from
 * the wager snapshots); a rank without a known instant is still listed, with achievedAt null.
 */
export function memberRecord(facts: {
  allTimeWagered: number;
  finishes: RaceFinish[];
  rankReachedAt: Partial<Record<RankName, string>>;
}): MemberRecord {
  const newestFirst = [...facts.finishes].sort(
    (a, b) => b.endDate.localeCompare(a.endDate) || b.raceId - a.raceId,
  );
  const oldestFirst = [...newestFirst].reverse();
  const achievements: AchievementJson[] = [];
  const firstRace = oldestFirst[0];
  if (firstRace) {
    achievements.push({
      id: "first-race",
      title: "First Race",
      description: `Joined a wager race: ${firstRace.title}`,
      achievedAt: firstRace.endDate,
    });
  }
  const firstPodium = oldestFirst.find((finish) => finish.position <= 3);
  if (firstPodium) {
    achievements.push({
      id: "first-podium",
      title: "First Podium",
      description: `Finished #${firstPodium.position} in ${firstPodium.title}`,
      achievedAt: firstPodium.endDate,
    });
  }
  for (const rank of ranksReached(facts.allTimeWagered)) {
    achievements.push({
      id: `rank-${rank.name.toLowerCase()}`,
      title: `${titleCase(rank.name)} Rank`,
      description: `Reached ${titleCase(rank.name)} with ${formatWholeUsd(rank.threshold)} wagered`,
      achievedAt: facts.rankReachedAt[rank.name] ?? null,
    });
  }
  const prizeCents = facts.finishes.reduce((sum, finish) => sum + finish.prizeCents, 0);
  return {
    currentTier: rankFor(facts.allTimeWagered).name,
    bestRank: facts.finishes.length ? Math.min(...facts.finishes.map((f) => f.position)) : 0,
    races: {
      participated: facts.finishes.length,
      won: facts.finishes.filter((finish) => finish.position === 1).length,
      totalPrizes: prizeCents / 100,
    },
    achievements,
    history: newestFirst.map((finish) => ({
      raceId: finish.raceId,
      title: finish.title,
      endDate: finish.endDate,
      position: finish.position,
      wager: roundToCents(finish.wager),
      prize: finish.prizeCents / 100,
    })),
  };
}
