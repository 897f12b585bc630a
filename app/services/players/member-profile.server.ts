import { memberRecord, ranksReached } from "~/domain/member-record";
import type { MemberRecord, RaceFinish } from "~/domain/member-record";
import type { RankName } from "~/domain/rank";
import { db } from "~/services/db.server";
import { periodRanks, playersVersion } from "./player-ranks.server";
import { getPublicProfile } from "~/services/auth/users.server";
import type { PublicProfile } from "~/domain/account";

/**
 * A member's public profile with their race record (`/user/:id`, `/api/users/:id`), and
 * `currentRank`, their player's place on the all-time leaderboard (0 when not on it).
 */
export type MemberProfile = PublicProfile & MemberRecord & { currentRank: number };

/** What the profile's Stats tiles show for a linked player (docs/product.md §P2 "/profile"). */
export interface LinkedPlayerActivity {
  /** Completed races the player finished in (their frozen results). */
  racesJoined: number;
  /** When any of the player's wager totals last changed, as the syncs saw it. */
  lastWagerAt: string;
}

/** The user's linked player's race count and last wager change; null when nothing is linked. */
export async function linkedPlayerActivity(userId: number): Promise<LinkedPlayerActivity | null> {
  const row = await db
    .selectFrom("users")
    .innerJoin("players", "players.uid", "users.goated_id")
    .select((eb) => [
      "players.wager_changed_at as lastWagerAt",
      eb
        .selectFrom("race_results")
        .innerJoin("races", "races.id", "race_results.race_id")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("race_results.uid", "=", "players.uid")
        .where("races.status", "=", "completed")
        .as("racesJoined"),
    ])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  return row ? { racesJoined: Number(row.racesJoined ?? 0), lastWagerAt: row.lastWagerAt } : null;
}

/** The frozen results of completed races for the player `uid`. */
async function raceFinishes(uid: string): Promise<RaceFinish[]> {
  return db
    .selectFrom("race_results")
    .innerJoin("races", "races.id", "race_results.race_id")
    .select([
      "races.id as raceId",
      "races.title",
      "races.end_date as endDate",
      "race_results.position",
      "race_results.wager",
      "race_results.prize_cents as prizeCents",
    ])
    .where("race_results.uid", "=", uid)
    .where("races.status", "=", "completed")
    .execute();
}

/** When the player's all-time total first reached each rank it has reached, from the snapshots. */
async function rankReachedAt(uid: string, allTimeWagered: number) {
  const reached: Partial<Record<RankName, string>> = {};
  for (const rank of ranksReached(allTimeWagered)) {
    const row = await db
      .selectFrom("wager_snapshots")
      .select((eb) => eb.fn.min("taken_at").as("at"))
      .where("uid", "=", uid)
      .where("all_time", ">=", rank.threshold)
      .executeTakeFirst();
    if (row?.at) reached[rank.name] = row.at;
  }
  return reached;
}

/**
 * The member's profile and record. A member without a linked provider player has COPPER, zeros
 * and empty lists. Null for an unknown id.
 */
export async function getMemberProfile(userId: number): Promise<MemberProfile | null> {
  const profile = await getPublicProfile(userId);
  if (!profile) return null;
  const linked = await db
    .selectFrom("users")
    .innerJoin("players", "players.uid", "users.goated_id")
    .select(["players.uid", "players.all_time"])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!linked) {
    const record = memberRecord({ allTimeWagered: 0, finishes: [], rankReachedAt: {} });
    return { ...profile, ...record, currentRank: 0 };
  }
  const record = memberRecord({
    allTimeWagered: linked.all_time,
    finishes: await raceFinishes(linked.uid),
    rankReachedAt: await rankReachedAt(linked.uid, linked.all_time),
  });
  // The leaderboard lists players with a total above 0.
  const [currentRank = 0] =
    linked.all_time > 0
      ? await periodRanks(
          "all_time",
          [{ uid: linked.uid, wagered: linked.all_time }],
          await playersVersion(),
        )
      : [];
  return { ...profile, ...record, currentRank };
}
