import { RANKS, rankFor } from "~/domain/rank";
import { db } from "~/services/db.server";
import {
  addNotifications,
  announceNotifications,
} from "~/services/notifications/notifications.server";

/**
 * Rank-ups after a sync (docs/product.md §P10, vipStatusChanges): the VIP rank of every user
 * linked to a provider player (users.goated_id = players.uid), read before and after the sync
 * stores its data. Linked users are few, so this is one small join each time.
 */

/** The rank (index into RANKS) of each linked user's player now. */
export async function linkedUserRanks(): Promise<Map<number, number>> {
  // The linked users first, then their players by uid: as one join, SQLite scanned every player
  // for the few users (about 0.2 s of the server's thread at 100,000 players, twice per sync).
  const users = await db
    .selectFrom("users")
    .select(["id", "goated_id"])
    .where("goated_id", "is not", null)
    .execute();
  const ranks = new Map<number, number>();
  for (let from = 0; from < users.length; from += LINKED_PER_QUERY) {
    const slice = users.slice(from, from + LINKED_PER_QUERY);
    const players = await db
      .selectFrom("players")
      .select(["uid", "all_time"])
      .where(
        "uid",
        "in",
        slice.flatMap((user) => (user.goated_id ? [user.goated_id] : [])),
      )
      .execute();
    const allTimeOf = new Map(players.map((player) => [player.uid, player.all_time]));
    for (const user of slice) {
      const allTime = user.goated_id ? allTimeOf.get(user.goated_id) : undefined;
      if (allTime !== undefined) ranks.set(user.id, RANKS.indexOf(rankFor(allTime)));
    }
  }
  return ranks;
}

/** Players looked up per query: well under the bound parameters SQLite and pg take. */
const LINKED_PER_QUERY = 1000;

/**
 * Tells each linked user whose rank went up since `before` (in-app, and by e-mail through
 * addNotifications). A user linked since `before` was read is not told: they had no rank then.
 */
export async function notifyRankUps(before: Map<number, number>, now: Date): Promise<number> {
  const after = await linkedUserRanks();
  const ups = [...after].filter(([userId, rank]) => rank > (before.get(userId) ?? rank));
  if (ups.length === 0) return 0;
  const created = await db.transaction().execute((trx) =>
    addNotifications(
      trx,
      ups.map(([userId, rank]) => {
        const reached = RANKS[rank]?.name ?? "a new";
        return {
          userId,
          kind: "rank_up" as const,
          title: `You reached ${reached}`,
          message: `Your wagering on Goated has taken you to the ${reached} rank. Keep going for ${RANKS[rank + 1]?.name ?? "the top"}!`,
        };
      }),
      now,
    ),
  );
  await announceNotifications(created);
  return created.length;
}
