import { RANKS, rankFor } from "~/domain/rank";
import { db } from "~/services/db.server";
import { linkedAllTime } from "./player-queries.server";
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
  const users = await db
    .selectFrom("users")
    .select(["id as userId", "goated_id as goatedId"])
    .where("goated_id", "is not", null)
    .$narrowType<{ goatedId: string }>()
    .execute();
  const allTime = await linkedAllTime(users);
  return new Map([...allTime].map(([userId, total]) => [userId, RANKS.indexOf(rankFor(total))]));
}

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
