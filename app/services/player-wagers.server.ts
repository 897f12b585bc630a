import { db } from "./db.server";

/**
 * A signed-in user's all-time wagered dollars: the players row whose provider name is the user's
 * linked goated_username; 0 when nothing is linked or the player is not (yet) synced.
 */
export async function totalWageredOfUser(userId: number): Promise<number> {
  const row = await db
    .selectFrom("users")
    .innerJoin("players", "players.name", "users.goated_username")
    .select("players.all_time")
    .where("users.id", "=", userId)
    .orderBy("players.all_time", "desc")
    .executeTakeFirst();
  return row?.all_time ?? 0;
}
