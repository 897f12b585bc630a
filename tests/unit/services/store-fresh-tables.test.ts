// A first store on PostgreSQL fills indexless copies of players and wager_snapshots and swaps them
// in (docs/decisions/0101, 0107): the tables it leaves are new ones, with exactly the columns,
// indexes, constraints, triggers, sequence and options the migrations made; a later store writes in
// place. A first store killed before its swap leaves the tables as they were, and its copies to the
// next first store.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { POSTGRES_PASS } from "../../postgres/template-database";
import { migrateToLatest } from "~db";
import { db } from "~/services/db.server";
import { freshTable } from "~/services/players/fresh-tables-postgres.server";
import { STORE_BATCH, storeReferrals } from "~/services/players/player-store.server";

const referrals = (round: number) =>
  Array.from({ length: STORE_BATCH + 10 }, (_, i) => ({
    uid: `fresh${i}`,
    name: `Fresh ${i}`,
    wagered: { today: i, this_week: i + round, this_month: i + round, all_time: 1_000 + i + round },
  }));

/** Everything of the two tables but their rows, as the catalogue tells it, and their ids. */
async function tablesAsMigrated() {
  const { rows } = await sql<{ table: string; oid: number; definition: string }>`
    SELECT c.relname AS table, c.oid::integer AS oid, concat_ws(E'\n',
      (SELECT string_agg(format('%s %s %s %s', a.attname, format_type(a.atttypid, a.atttypmod),
         a.attnotnull, pg_get_expr(d.adbin, d.adrelid)), E'\n' ORDER BY a.attnum)
       FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped),
      (SELECT string_agg(a.attname || ' identity ' || a.attidentity::text || ' '
         || pg_get_serial_sequence(c.relname, a.attname), E'\n')
       FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attidentity <> ''),
      (SELECT string_agg(pg_get_indexdef(i.indexrelid), E'\n' ORDER BY pg_get_indexdef(i.indexrelid))
       FROM pg_index i WHERE i.indrelid = c.oid),
      (SELECT string_agg(k.conname || ' ' || pg_get_constraintdef(k.oid), E'\n' ORDER BY k.conname)
       FROM pg_constraint k WHERE k.conrelid = c.oid),
      (SELECT string_agg(pg_get_triggerdef(t.oid), E'\n' ORDER BY t.tgname)
       FROM pg_trigger t WHERE t.tgrelid = c.oid AND NOT t.tgisinternal),
      'options ' || coalesce(array_to_string(c.reloptions, ', '), 'none')) AS definition
    FROM pg_class c
    WHERE c.relname IN ('players', 'wager_snapshots') AND c.relkind = 'r'
    ORDER BY c.relname`.execute(db);
  return rows;
}

/** The tables named like a store's copies (`players_fresh`...). */
async function copiesLeft() {
  const { rows } = await sql<{ name: string }>`
    SELECT relname AS name FROM pg_class WHERE relname LIKE '%\_fresh' AND relkind = 'r'
    ORDER BY relname`.execute(db);
  return rows.map((row) => row.name);
}

beforeAll(async () => {
  await migrateToLatest(db);
  await db.deleteFrom("players").execute();
});

it.skipIf(!POSTGRES_PASS)(
  "a first store on PostgreSQL swaps in new tables exactly as the migrations made them; the next writes in place",
  { timeout: 60_000 },
  async () => {
    const migrated = await tablesAsMigrated();
    expect(migrated.map((table) => table.definition).join("\n")).toContain("gin_trgm_ops");
    const now = new Date("2026-06-15T12:00:00.000Z");

    await storeReferrals(referrals(1), { now, isDemo: false });
    const afterFirst = await tablesAsMigrated();
    expect(afterFirst.map(({ table, definition }) => ({ table, definition }))).toEqual(
      migrated.map(({ table, definition }) => ({ table, definition })),
    );
    // New tables: the rows went in without index upkeep.
    expect(afterFirst[0]!.oid).not.toBe(migrated[0]!.oid);
    expect(afterFirst[1]!.oid).not.toBe(migrated[1]!.oid);
    expect(await copiesLeft()).toEqual([]);

    // The swapped-in tables keep their rules: the snapshots' key, the identity's sequence.
    await expect(
      sql`INSERT INTO wager_snapshots (uid, taken_at, all_time) VALUES ('nobody', 'x', 1)`.execute(
        db,
      ),
    ).rejects.toThrow(/wager_snapshots_uid_fkey/);
    const later = new Date(now.getTime() + 60_000);
    await storeReferrals(referrals(2), { now: later, isDemo: false });
    expect((await tablesAsMigrated()).map(({ oid }) => oid)).toEqual(
      afterFirst.map(({ oid }) => oid),
    );
    const { rows } = await sql<{ players: number; snapshots: number }>`
      SELECT (SELECT count(*)::integer FROM players) AS players,
        (SELECT count(*)::integer FROM wager_snapshots) AS snapshots`.execute(db);
    // Each player's month-start baseline, first total and changed total.
    expect(rows[0]).toEqual({ players: STORE_BATCH + 10, snapshots: 3 * (STORE_BATCH + 10) });
  },
);

const child = fileURLToPath(new URL("../../store-in-child.ts", import.meta.url));

it.skipIf(!POSTGRES_PASS)(
  "a first store killed (SIGKILL) while it fills its copies leaves the tables as they were; the next first store drops the copies",
  { timeout: 120_000 },
  async () => {
    await db.deleteFrom("players").execute();
    const migrated = await tablesAsMigrated();
    const storing = spawn(
      process.execPath,
      ["--import", "tsx", child, "200000", "20", "2026-06-15T12:10:00.000Z"],
      { env: process.env, stdio: ["ignore", "ignore", "inherit"] },
    );
    const exited = new Promise((resolve) => storing.once("exit", resolve));
    // Killed once it writes its rows into the copies.
    const copying = async () =>
      (
        await sql<{ n: number }>`SELECT count(*)::integer AS n FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'COPY "%_fresh"%'`.execute(db)
      ).rows[0]!.n > 0;
    while (!(await copying())) await new Promise((resolve) => setTimeout(resolve, 5));
    storing.kill("SIGKILL");
    await exited;

    expect(await db.selectFrom("players").select("uid").execute()).toEqual([]);
    expect(await db.selectFrom("wager_snapshots").select("uid").execute()).toEqual([]);
    expect((await tablesAsMigrated()).map(({ oid }) => oid)).toEqual(
      migrated.map(({ oid }) => oid),
    );
    expect(await copiesLeft()).toEqual(["players_fresh", "wager_snapshots_fresh"]);

    await storeReferrals(referrals(3), {
      now: new Date("2026-06-15T12:20:00.000Z"),
      isDemo: false,
    });
    expect(await copiesLeft()).toEqual([]);
    const stored = await db
      .selectFrom("players")
      .select((eb) => eb.fn.countAll().as("n"))
      .execute();
    expect(Number(stored[0]!.n)).toBe(STORE_BATCH + 10);
  },
);

it.skipIf(!POSTGRES_PASS)(
  "swaps in only the copy it made: one another store made again under the same name is refused",
  async () => {
    const before = await tablesAsMigrated();
    const copy = await freshTable(db, "players");
    // Another store starting over: drops the copy and makes its own.
    await sql`DROP TABLE players_fresh`.execute(db);
    await sql`CREATE TABLE players_fresh (LIKE players INCLUDING ALL EXCLUDING INDEXES)`.execute(
      db,
    );
    await expect(db.transaction().execute((trx) => copy.swapIn(trx))).rejects.toThrow(
      /players_fresh was replaced by another store/,
    );
    expect((await tablesAsMigrated()).map(({ oid }) => oid)).toEqual(before.map(({ oid }) => oid));
    await sql`DROP TABLE players_fresh`.execute(db);
  },
);
