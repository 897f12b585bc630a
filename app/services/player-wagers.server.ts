import { db } from "./db.server";

/**
 * A signed-in user's all-time wagered dollars: the players row of the user's linked provider
 * account (goated_id is the provider's uid, as in getAccount); 0 when nothing is linked or the
 * player is not (yet) synced.
 */
export async function totalWageredOfUser(userId: number): Promise<number> {
  const row = await db
    .selectFrom("users")
    .innerJoin("players", "players.uid", "users.goated_id")
    .select("players.all_time")
    .where("users.id", "=", userId)
    .executeTakeFirst();
  return row?.all_time ?? 0;
}
