// Bounded growth (issue 19): a simulated year of 5-minute syncs for 200 active players (every
// player's total moves at every sync: 57,600 snapshots a day), written in bulk a week at a time,
// with the data retention job's compaction and sync-run pruning (app/services/operations/retention.server.ts)
// run after each week (each pass reading what aged since the previous one), then one more pass as the hourly job would run it. Its own process (its
// own DATABASE_PATH, read when the app's database module is first imported).
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import path from "node:path";

type RecordFigure = (measure: string, budget: string, result: string, ok: boolean | null) => void;

const PLAYERS = 200;
const SYNC_MS = 5 * 60_000;
const DAY_MS = 86_400_000;
const YEAR_START = Date.parse("2026-01-01T00:00:00.000Z");

interface YearResult {
  days: number;
  snapshotsWritten: number;
  snapshotsLeft: number;
  syncRunsLeft: number;
  databaseBytes: number;
  passMs: number;
  passDeleted: number;
}

/** Runs the simulation in a child process and records its figures. */
export function benchCompaction({ work, record }: { work: string; record: RecordFigure }) {
  const file = path.join(work, "compaction.sqlite");
  const output = execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "compaction.ts"), file],
    { env: { ...process.env, DATABASE_PATH: file }, stdio: ["ignore", "pipe", "inherit"] },
  );
  const year = JSON.parse(output.toString().trim().split("\n").at(-1)!) as YearResult;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  record(
    `database after a simulated year (${year.days} days of 5-minute syncs, ${PLAYERS} active players, ${year.snapshotsWritten.toLocaleString("en-US")} snapshots written, ${year.snapshotsLeft.toLocaleString("en-US")} kept, ${year.syncRunsLeft.toLocaleString("en-US")} sync runs kept)`,
    "bounded",
    mb(year.databaseBytes),
    null,
  );
  record(
    `one compaction pass at the year's end (${year.passDeleted.toLocaleString("en-US")} snapshots deleted)`,
    "none",
    `${year.passMs.toFixed(0)} ms`,
    null,
  );
}

async function simulateYear(file: string, days: number): Promise<YearResult> {
  const { migrateToLatest, sqliteConnection } = await import("../db");
  const { db } = await import("../app/services/db.server");
  const { compactWagerSnapshots, pruneSyncRuns } =
    await import("../app/services/operations/retention.server");
  await migrateToLatest(db);
  const sqlite = sqliteConnection(db);
  const iso = (ms: number) => new Date(ms).toISOString();
  const insertPlayer = sqlite.prepare(
    `INSERT INTO players (uid, name, all_time, updated_at, wager_changed_at) VALUES (?, ?, 0, ?, ?)`,
  );
  sqlite.transaction(() => {
    for (let i = 0; i < PLAYERS; i += 1) {
      insertPlayer.run(`active${i}`, `Active_${i}`, iso(YEAR_START), iso(YEAR_START));
    }
  })();
  // Races the year holds: every month and every week (their boundaries stay exact).
  const insertRace = sqlite.prepare(
    `INSERT INTO races (title, type, status, start_date, end_date, prize_pool_cents, min_wager,
       prize_distribution, created_at, updated_at)
     VALUES (?, ?, 'completed', ?, ?, 100000, 0, '{"1":100}', ?, ?)`,
  );
  for (let month = 0; month < 12; month += 1) {
    const start = iso(Date.UTC(2026, month, 1));
    insertRace.run(
      `Month ${month + 1}`,
      "monthly",
      start,
      iso(Date.UTC(2026, month + 1, 1)),
      start,
      start,
    );
  }
  for (let week = 0; week < 52; week += 1) {
    const start = YEAR_START + week * 7 * DAY_MS + 3 * DAY_MS + 17 * 60_000;
    insertRace.run(
      `Week ${week + 1}`,
      "weekly",
      iso(start),
      iso(start + 7 * DAY_MS),
      iso(start),
      iso(start),
    );
  }
  // A week of syncs in two statements: every player's total moves at every sync.
  const syncs = `WITH RECURSIVE syncs(at) AS (
      SELECT ? UNION ALL SELECT at + ${SYNC_MS} FROM syncs WHERE at + ${SYNC_MS} < ?)`;
  const writeSnapshots = sqlite.prepare(
    `${syncs} INSERT INTO wager_snapshots (uid, taken_at, all_time)
     SELECT players.uid, strftime('%Y-%m-%dT%H:%M:%fZ', at / 1000.0, 'unixepoch'),
            (at - ${YEAR_START}) / 1000.0 * (players.rowid % 7 + 1) / 100
     FROM syncs, players`,
  );
  const writeSyncRuns = sqlite.prepare(
    `${syncs} INSERT INTO sync_runs (source, started_at, finished_at, outcome, players_count, changed_count)
     SELECT 'provider', strftime('%Y-%m-%dT%H:%M:%fZ', at / 1000.0, 'unixepoch'),
            strftime('%Y-%m-%dT%H:%M:%fZ', at / 1000.0 + 2, 'unixepoch'), 'success', ${PLAYERS}, ${PLAYERS}
     FROM syncs`,
  );
  let snapshotsWritten = 0;
  const yearEnd = YEAR_START + days * DAY_MS;
  let previousPass: Date | undefined;
  for (let from = YEAR_START; from < yearEnd; from += 7 * DAY_MS) {
    const until = Math.min(from + 7 * DAY_MS, yearEnd);
    sqlite.transaction(() => {
      snapshotsWritten += writeSnapshots.run(from, until).changes;
      writeSyncRuns.run(from, until);
    })();
    await pruneSyncRuns(new Date(until));
    await compactWagerSnapshots(new Date(until), { since: previousPass });
    previousPass = new Date(until);
    console.error(`compaction bench: day ${Math.round((until - YEAR_START) / DAY_MS)} of ${days}`);
  }
  // The job's next hourly pass, after one more hour of syncs.
  sqlite.transaction(() => {
    snapshotsWritten += writeSnapshots.run(yearEnd, yearEnd + 3_600_000).changes;
    writeSyncRuns.run(yearEnd, yearEnd + 3_600_000);
  })();
  const started = performance.now();
  await pruneSyncRuns(new Date(yearEnd + 3_600_000));
  const passDeleted = await compactWagerSnapshots(new Date(yearEnd + 3_600_000), {
    since: previousPass,
  });
  const passMs = performance.now() - started;
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  const count = (table: string) =>
    sqlite.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  const result = {
    days,
    snapshotsWritten,
    snapshotsLeft: count("wager_snapshots"),
    syncRunsLeft: count("sync_runs"),
    databaseBytes: statSync(file).size,
    passMs,
    passDeleted,
  };
  await db.destroy();
  return result;
}

if (process.argv[1] === import.meta.filename && process.argv[2]) {
  const days = Number(process.env.BENCH_COMPACTION_DAYS ?? 365);
  console.log(JSON.stringify(await simulateYear(process.argv[2], days)));
}
