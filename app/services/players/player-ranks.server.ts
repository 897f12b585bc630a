import { sql } from "kysely";
import type { ReferralTotals } from "~/domain/referral";
import { sqliteConnection } from "~db";
import { versionedCache } from "~/server/cache.server";
import { db, dialect } from "~/services/db.server";
import { storeCommitCount } from "./player-store.server";

/** Every RANK_CHECKPOINT_EVERY-th player of each period, with their rank. */
export const RANK_CHECKPOINT_EVERY = 256;
interface RankCheckpoint {
  wagered: number;
  uid: string;
  rank: number;
}
/** Checkpoints by period column, for the players as of playersVersion. */
const rankCheckpoints = versionedCache<Promise<RankCheckpoint[]>>({ max: 4 });
/** How many players have a total in each period, as of playersVersion. */
const periodCounts = versionedCache<Promise<number>>({ max: 4 });

/**
 * The players' data version: moves on with every store transaction here and every commit by
 * another connection. PostgreSQL has no data_version: there the sync runs (started or finished by
 * any process) stand for the other processes' stores, so checkpoints lag a store by another
 * process until its run finishes. Read once per page and passed to periodPlayerCount and
 * periodRanks (on PostgreSQL it is a query).
 */
export async function playersVersion(): Promise<string> {
  if (dialect === "postgres") {
    const newest = await db
      .selectFrom("sync_runs")
      .select(["id", "finished_at"])
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return `${storeCommitCount()}:${newest?.id ?? 0}:${newest?.finished_at ?? ""}`;
  }
  const otherCommits = sqliteConnection(db).pragma("data_version", { simple: true }) as number;
  return `${storeCommitCount()}:${otherCommits}`;
}

/**
 * How many players have a total in the period (`column` over 0): counted along the period's index
 * once per data version (about 28 ms at 400,000 players for all time, most of a name search).
 */
export async function periodPlayerCount(
  column: keyof ReferralTotals,
  version: string,
): Promise<number> {
  return periodCounts.get({
    version,
    key: column,
    compute: async () => {
      const { count } = await db
        .selectFrom("players")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where(column, ">", 0)
        .executeTakeFirstOrThrow();
      return Number(count);
    },
  });
}

/** `a` comes before `b` in a period's order: higher total first, then uid as SQLite orders it. */
function comesBefore(a: { wagered: number; uid: string }, b: { wagered: number; uid: string }) {
  if (a.wagered !== b.wagered) return a.wagered > b.wagered;
  return Buffer.compare(Buffer.from(a.uid), Buffer.from(b.uid)) < 0;
}

async function periodCheckpoints(column: keyof ReferralTotals, version: string) {
  return rankCheckpoints.get({
    version,
    key: column,
    // One pass along the period's index (about 40 ms at 400,000 players), once per data version.
    compute: async () => {
      const { rows } = await sql<RankCheckpoint>`
        SELECT wagered, uid, rank FROM (
          SELECT ${sql.ref(column)} AS wagered, uid,
            row_number() OVER (ORDER BY ${sql.ref(column)} DESC, uid) AS rank
          FROM players WHERE ${sql.ref(column)} > 0
        ) AS ranked WHERE rank % ${RANK_CHECKPOINT_EVERY} = 0`.execute(db);
      return rows;
    },
  });
}

/**
 * The period ranks of `rows`: from the nearest checkpoint at or before each row, plus the players
 * between them counted along the period's index (fewer than RANK_CHECKPOINT_EVERY).
 */
export async function periodRanks(
  column: keyof ReferralTotals,
  rows: { uid: string; wagered: number }[],
  version: string,
): Promise<number[]> {
  const checkpoints = await periodCheckpoints(column, version);
  const total = sql.ref(column);
  const count = async (where: ReturnType<typeof sql<boolean>>) => {
    const { rows: counted } = await sql<{ count: number }>`
      SELECT count(*) AS count FROM players WHERE ${total} > 0 AND ${where}`.execute(db);
    return counted[0]?.count ?? 0;
  };
  // Totals strictly between `low` and `high`. The BETWEEN is what SQLite takes as the range of
  // the period's index: with `> 0` (which the partial index needs) and `> low` both present it
  // took `> 0` and walked the index to its end.
  const strictlyBetween = (low: number, high: number) =>
    high === Number.MAX_VALUE
      ? sql<boolean>`${total} BETWEEN ${low} AND ${high} AND ${total} > ${low}`
      : sql<boolean>`${total} BETWEEN ${low} AND ${high} AND ${total} > ${low} AND ${total} < ${high}`;
  return Promise.all(
    rows.map(async (row) => {
      // The last checkpoint not after the row (binary search).
      let low = 0;
      let high = checkpoints.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        const checkpoint = checkpoints[middle] as RankCheckpoint;
        if (comesBefore(row, checkpoint)) high = middle;
        else low = middle + 1;
      }
      const from = checkpoints[low - 1];
      if (!from) {
        // Before the first checkpoint: count everyone ahead.
        return (
          1 +
          (await count(strictlyBetween(row.wagered, Number.MAX_VALUE))) +
          (await count(sql`${total} = ${row.wagered} AND uid < ${row.uid}`))
        );
      }
      if (from.uid === row.uid) return from.rank;
      const between =
        from.wagered === row.wagered
          ? await count(sql`${total} = ${row.wagered} AND uid > ${from.uid} AND uid < ${row.uid}`)
          : (await count(sql`${total} = ${from.wagered} AND uid > ${from.uid}`)) +
            (await count(strictlyBetween(row.wagered, from.wagered))) +
            (await count(sql`${total} = ${row.wagered} AND uid < ${row.uid}`));
      return from.rank + between + 1;
    }),
  );
}
