import { execFile, spawn } from "node:child_process";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { createGunzip } from "node:zlib";
import SQLite from "better-sqlite3";
import { Migrator } from "kysely";
import type { Kysely } from "kysely";
import pg from "pg";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, POSTGRES_PASS } from "../../postgres/template-database";
import { databasePathFromEnv, migrateToLatest, openDatabase, openPostgresDatabase } from "~db";
import type { Database } from "~db";
import { migrations } from "~db/migrations";
import { backupFileName } from "~/domain/backups";
import { DatabaseInUseError, lockDatabase, lockFileOf } from "~/server/database-lock.server";
import { backupStatus, createBackup } from "~/services/operations/backup.server";
import { db } from "~/services/db.server";
import {
  BackupFileError,
  restoreBackup,
  restorePostgresBackup,
} from "~/services/operations/restore.server";
import { insertPlayer, insertRace, insertUser, uniqueName } from "../../factories";

const live = databasePathFromEnv();
// Each backup copies and compresses a whole file, and `npm run backup` or pg_dump and pg_restore
// start processes of their own: tens of seconds on a loaded machine (a hang guard).
vi.setConfig({ testTimeout: 120_000 });
const freshDir = (name: string) => mkdtempSync(path.join(tmpdir(), `goatedvips-${name}-`));

beforeAll(async () => {
  await migrateToLatest(db);
});

async function backupOf(databasePath = live, dir = freshDir("backups"), keep = 14) {
  const run = await createBackup({ databasePath, dir, keep });
  expect(run).toMatchObject({ outcome: "success", error: null });
  return { run, dir, file: path.join(dir, run.file_name!) };
}

/**
 * Runs `script` in a node process of its own, then (after `meanwhile`) kills it outright, as a
 * crash would: no close, no checkpoint, and the operating system drops its file locks.
 */
async function killedAfter(script: string, args: string[], meanwhile = async () => {}) {
  const child = spawn(
    process.execPath,
    ["-e", `${script}\nconsole.log("ready"); setInterval(() => {}, 1000);`, ...args],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await new Promise((resolve, reject) => {
    child.stdout.once("data", resolve);
    child.once("exit", () => reject(new Error("the child process ended before it was ready")));
  });
  try {
    await meanwhile();
  } finally {
    child.kill("SIGKILL");
    await exited;
  }
}

/** The backup gunzipped into a file of its own, opened read-only. */
async function openBackup(file: string) {
  const copy = path.join(freshDir("unpacked"), "copy.sqlite");
  await pipeline(createReadStream(file), createGunzip(), createWriteStream(copy));
  return new SQLite(copy, { readonly: true });
}

// VACUUM INTO and the database file's lock: SQLite's (PostgreSQL's pg_dump path is tested below).
describe.skipIf(POSTGRES_PASS)("npm run backup (SQLite only)", () => {
  it("copies the database consistently while another connection keeps writing", async () => {
    // A database of its own, so that its bulk does not slow the other tests' backups.
    const busy = path.join(freshDir("busy-live"), "goatedvips.sqlite");
    const setup = openDatabase(busy);
    await migrateToLatest(setup);
    await setup.destroy();
    const writer = new SQLite(busy);
    writer.pragma("busy_timeout = 5000");
    // Enough rows that the copy takes a while; the writer runs meanwhile.
    writer.exec(`
      with recursive n(i) as (select 0 union all select i + 1 from n where i < 4999)
      insert into players (uid, name, today, this_week, this_month, all_time, updated_at, wager_changed_at)
      select 'bulk-' || i, 'Bulk player ' || i || ' ' || hex(randomblob(50)), 0, 0, 0, i,
        '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z' from n
    `);
    // Each write is a user and their session in one transaction: a consistent copy has both or
    // neither of every pair.
    const insertPair = writer.transaction((n: number) => {
      const { lastInsertRowid } = writer
        .prepare(
          "insert into users (username, username_canonical, password_hash, created_at) values (?, ?, 'x', ?)",
        )
        .run(`writer_${n}`, `writer_${n}`, new Date().toISOString());
      writer
        .prepare(
          `insert into sessions (id, user_id, token_hash, user_agent, ip, created_at, last_active_at,
             expires_at, idle_expires_at) values (?, ?, ?, 'test', '127.0.0.1', ?, ?, ?, ?)`,
        )
        .run(
          `writer-session-${n}`,
          lastInsertRowid,
          `writer-hash-${n}`,
          ...Array(4).fill(new Date().toISOString()),
        );
    });
    let written = 0;
    let writing = true;
    const writes = (async () => {
      while (writing) {
        insertPair(written++);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    let writtenDuringBackup = 0;
    try {
      const before = written;
      const { file } = await backupOf(busy);
      writtenDuringBackup = written - before;
      writing = false;
      await writes;

      const copy = await openBackup(file);
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      const count = (sql: string) => copy.prepare(sql).pluck().get() as number;
      const users = count("select count(*) from users where username like 'writer_%'");
      const sessions = count("select count(*) from sessions where id like 'writer-session-%'");
      expect(sessions).toBe(users);
      expect(users).toBeGreaterThan(0);
      expect(users).toBeLessThanOrEqual(written);
      expect(count("select count(*) from players where uid like 'bulk-%'")).toBe(5_000);
      copy.close();
    } finally {
      writing = false;
      await writes;
      writer.close();
    }
    // The writer was not blocked by the backup (the copy runs on a worker thread).
    expect(writtenDuringBackup).toBeGreaterThan(0);
  }, 60_000);

  it("records each run: time, size, duration and outcome", async () => {
    const { run, file } = await backupOf();
    expect(run.size_bytes).toBeGreaterThan(0);
    expect(run.duration_ms).toBeGreaterThanOrEqual(0);
    expect(path.basename(file)).toMatch(/^goatedvips-\d{4}-\d\d-\d\dT[\d-]+Z\.sqlite\.gz$/);
    expect(Date.parse(run.finished_at)).toBeGreaterThanOrEqual(Date.parse(run.started_at));

    const failed = await createBackup({
      databasePath: path.join(freshDir("missing"), "none.sqlite"),
      dir: freshDir("backups"),
      keep: 14,
    });
    expect(failed).toMatchObject({ outcome: "failure", file_name: null, size_bytes: null });
    expect(failed.error).toBeTruthy();
    const status = await backupStatus(24, new Date());
    expect(status.lastRun?.id).toBe(failed.id);
    expect(status.health).toMatchObject({ state: "fresh", lastSuccessAt: expect.any(String) });
  });

  it("keeps the newest BACKUP_KEEP backups and leaves other files alone", async () => {
    const dir = freshDir("retention");
    const older = [1, 2, 3].map((day) => backupFileName(new Date(Date.UTC(2026, 0, day))));
    for (const name of [...older, "notes.txt"]) await writeFile(path.join(dir, name), "old");
    const { run } = await backupOf(live, dir, 2);
    expect(readdirSync(dir).sort()).toEqual([older[2], run.file_name, "notes.txt"].sort());
  });

  it("runs BACKUP_COMMAND with the finished file and records its outcome", async () => {
    const dir = freshDir("command");
    const copied = path.join(dir, "offsite.gz");
    const ok = await createBackup({
      databasePath: live,
      dir,
      keep: 14,
      command: `cp "$1" "${copied}"`,
    });
    expect(ok).toMatchObject({ outcome: "success", command_outcome: "success" });
    expect(existsSync(copied)).toBe(true);

    const failed = await createBackup({
      databasePath: live,
      dir,
      keep: 14,
      command: "echo unreachable host >&2; exit 7",
    });
    // The backup itself stands; the copy's failure is recorded.
    expect(failed).toMatchObject({
      outcome: "success",
      command_outcome: "failure",
      command_error: "unreachable host",
    });
  });
});

describe.skipIf(POSTGRES_PASS)("npm run restore (SQLite only)", () => {
  it("restores into a fresh folder, where the data is intact", async () => {
    const username = uniqueName("restored");
    const userId = await insertUser(db, { username });
    const uid = await insertPlayer(db, { snapshots: [["2026-11-01T00:00:00.000Z", 500]] });
    const raceId = await insertRace(db, {
      status: "completed",
      start_date: "2026-11-01T00:00:00.000Z",
      end_date: "2026-11-08T00:00:00.000Z",
      results: [{ uid, name: uid, wager: 500, prizeCents: 10_000 }],
    });
    const { file } = await backupOf();

    const target = path.join(freshDir("restore"), "data", "goatedvips.sqlite");
    const outcome = await restoreBackup({ file, databasePath: target });
    expect(outcome).toEqual({ movedAside: [], migrationsApplied: [] });

    const restored = openDatabase(target);
    try {
      expect(
        await restored
          .selectFrom("users")
          .select(["id", "username"])
          .where("id", "=", userId)
          .executeTakeFirst(),
      ).toEqual({ id: userId, username });
      expect(
        await restored
          .selectFrom("races")
          .select(["title", "status"])
          .where("id", "=", raceId)
          .executeTakeFirst(),
      ).toEqual({ title: "Test race", status: "completed" });
      expect(
        await restored
          .selectFrom("race_results")
          .select(["uid", "wager", "prize_cents"])
          .where("race_id", "=", raceId)
          .execute(),
      ).toEqual([{ uid, wager: 500, prize_cents: 10_000 }]);
    } finally {
      await restored.destroy();
    }
  });

  it("moves the current database and its -wal and -shm aside, never deleting them", async () => {
    const { file } = await backupOf();
    const target = path.join(freshDir("aside"), "goatedvips.sqlite");
    const current = openDatabase(target);
    await migrateToLatest(current);
    const marker = uniqueName("only_in_current");
    await insertUser(current, { username: marker });
    await current.destroy();
    // A server killed mid-write leaves a -wal and a -shm; the newest user lives only in the -wal.
    await killedAfter(
      `const S = require("better-sqlite3"); const db = new S(process.argv[1]);
       db.pragma("wal_autocheckpoint = 0");
       db.prepare("insert into users (username, username_canonical, password_hash, created_at) " +
         "values (?, ?, 'x', '2026-11-01T00:00:00.000Z')").run(process.argv[2], process.argv[2]);`,
      [target, `${marker}_wal`],
    );
    expect(existsSync(`${target}-wal`)).toBe(true);

    const { movedAside } = await restoreBackup({ file, databasePath: target });
    expect(movedAside[0]).toMatch(/goatedvips\.sqlite\.before-restore-[\d-]+T[\d-]+Z$/);
    expect(movedAside).toContain(`${movedAside[0]}-wal`);

    const aside = new SQLite(movedAside[0], { readonly: true });
    const names = aside.prepare("select username from users").pluck().all();
    aside.close();
    expect(names).toEqual(expect.arrayContaining([marker, `${marker}_wal`]));
  });

  it("is refused while a server holds the database", async () => {
    const { file } = await backupOf();
    const target = path.join(freshDir("busy"), "goatedvips.sqlite");
    const unlock = lockDatabase(target);
    try {
      await expect(restoreBackup({ file, databasePath: target })).rejects.toThrow(
        DatabaseInUseError,
      );
      expect(existsSync(target)).toBe(false);
    } finally {
      unlock();
    }
    await expect(restoreBackup({ file, databasePath: target })).resolves.toBeTruthy();
  });

  it("is refused while another process holds the lock, and allowed once it has ended", async () => {
    const { file } = await backupOf();
    const target = path.join(freshDir("other-process"), "goatedvips.sqlite");
    await killedAfter(
      `const S = require("better-sqlite3"); new S(process.argv[1]).exec("BEGIN EXCLUSIVE");`,
      [lockFileOf(target)],
      async () => {
        await expect(restoreBackup({ file, databasePath: target })).rejects.toThrow(
          /in use by another process/,
        );
      },
    );
    await expect(restoreBackup({ file, databasePath: target })).resolves.toBeTruthy();
  });

  it("restores a backup taken at an older migration and migrates it to the latest", async () => {
    const oldFile = path.join(freshDir("old-app"), "goatedvips.sqlite");
    const old = openDatabase(oldFile);
    const olderMigrations = Object.fromEntries(
      Object.entries(migrations).filter(([name]) => name < "0011"),
    );
    const migrated = await new Migrator({
      db: old,
      provider: { getMigrations: async () => olderMigrations },
    }).migrateToLatest();
    expect(migrated.error).toBeUndefined();
    const { lastInsertRowid } = new SQLite(oldFile)
      .prepare(
        "insert into users (username, username_canonical, password_hash, created_at) values ('veteran', 'veteran', 'x', '2025-01-01T00:00:00.000Z')",
      )
      .run();
    await old.destroy();
    const { file } = await backupOf(oldFile);

    const target = path.join(freshDir("new-app"), "goatedvips.sqlite");
    const { migrationsApplied } = await restoreBackup({ file, databasePath: target });
    expect(migrationsApplied).toEqual(Object.keys(migrations).filter((name) => name >= "0011"));
    const restored = openDatabase(target);
    try {
      expect(
        await restored
          .selectFrom("users")
          .select("username")
          .where("id", "=", Number(lastInsertRowid))
          .executeTakeFirst(),
      ).toEqual({ username: "veteran" });
      await restored.selectFrom("backup_runs").selectAll().execute();
    } finally {
      await restored.destroy();
    }
  });

  it("refuses a file that is not a sound backup, leaving the current database in place", async () => {
    const target = path.join(freshDir("bad-file"), "goatedvips.sqlite");
    const current = openDatabase(target);
    await migrateToLatest(current);
    await current.destroy();
    const garbage = path.join(freshDir("garbage"), "backup.sqlite.gz");
    await writeFile(garbage, Buffer.from([0x1f, 0x8b, 1, 2, 3, 4]));
    await expect(restoreBackup({ file: garbage, databasePath: target })).rejects.toThrow(
      BackupFileError,
    );
    const notOurs = path.join(freshDir("not-ours"), "other.sqlite");
    new SQLite(notOurs).exec("create table things (id integer)").close();
    await expect(restoreBackup({ file: notOurs, databasePath: target })).rejects.toThrow(
      /not a GoatedVIPs database/,
    );
    expect(readdirSync(path.dirname(target)).filter((name) => name.includes("restor"))).toEqual([]);
  });
});

/** The test file's database: the SQLite file, or on the PostgreSQL pass its database (pg_dump). */
const databaseUrl = process.env.DATABASE_URL ?? null;

// Both passes: an unusable BACKUP_DIR fails before the copy, on either database.
describe("a backup into an unusable BACKUP_DIR", () => {
  const aFile = () => {
    const file = path.join(freshDir("unusable"), "a-file");
    writeFileSync(file, "not a folder");
    return file;
  };
  // As root, permissions do not stop a write: these refuse everyone.
  const cases: [string, () => string, string][] = [
    ["a file in its place", aFile, "it is a file, not a folder"],
    [
      "a file among its parents",
      () => path.join(aFile(), "sub", "backups"),
      "part of its path is a file, not a folder (ENOTDIR on ",
    ],
    // fs.mkdir's `recursive` loops forever here.
    [
      "a parent that cannot be made",
      () => "/proc/goatedvips-backups/sub",
      "a folder of its path cannot be created (ENOENT on /proc/goatedvips-backups)",
    ],
    ["no write permission", () => "/sys", "permission denied (EACCES on /sys/.write-check-"],
  ];

  it.each(cases)("with %s is a failed run, recorded with its reason", async (_, dir, reason) => {
    const folder = dir();
    const run = await createBackup({ databasePath: live, databaseUrl, dir: folder, keep: 14 });
    expect(run).toMatchObject({ outcome: "failure", file_name: null, size_bytes: null });
    expect(run.error).toContain(`BACKUP_DIR ${folder} cannot be used: ${reason}`);
    expect(run.error).not.toContain("\n");
    expect((await backupStatus(24)).lastRun?.id).toBe(run.id);
  });

  it("makes npm run backup exit 1 with one line, no stack trace, and the run recorded", async () => {
    const dir = aFile();
    // The test's own database: DATABASE_PATH, and DATABASE_URL on the PostgreSQL pass.
    const env = { ...process.env, BACKUP_DIR: dir };
    const outcome = await promisify(execFile)("node_modules/.bin/tsx", ["scripts/backup.ts"], {
      env,
    }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toBe(
      `Backup failed: BACKUP_DIR ${dir} cannot be used: it is a file, not a folder\n`,
    );
    expect((await backupStatus(24)).lastRun).toMatchObject({
      outcome: "failure",
      error: `BACKUP_DIR ${dir} cannot be used: it is a file, not a folder`,
    });
  });

  it("with DATABASE_URL and no pg_dump installed is a failed run saying so", async () => {
    const run = await createBackup({
      databasePath: live,
      // Nothing listens there: the run must fail before it connects.
      databaseUrl: "postgres://goatedvips@127.0.0.1:9/goatedvips",
      dir: freshDir("no-pg-dump"),
      keep: 14,
      programSearch: { path: "", versionRoots: [] },
    });
    expect(run).toMatchObject({
      outcome: "failure",
      error:
        "pg_dump is not installed (looked on PATH and in /usr/lib/postgresql/*/bin): install PostgreSQL's client programs (apt install postgresql-client)",
    });
  });
});

// pg_dump and pg_restore (custom format) against the throwaway cluster.
describe.skipIf(!POSTGRES_PASS)("npm run backup and restore on PostgreSQL", () => {
  /** A database of its own (the file's is held by this process's pool, and restore refuses). */
  async function ownDatabase() {
    const url = await createTestDatabase();
    return { url, database: openPostgresDatabase(url, { max: 1 }) };
  }
  const usernames = async (database: Kysely<Database>) =>
    (await database.selectFrom("users").select("username").orderBy("username").execute()).map(
      (row) => row.username,
    );

  it("backs up with pg_dump, rotates, records; restore brings the old data back", async () => {
    const { url, database } = await ownDatabase();
    const before = uniqueName("before_backup");
    await insertUser(database, { username: before });
    const dir = freshDir("pg-backups");
    const older = [1, 2].map((day) => backupFileName(new Date(Date.UTC(2026, 0, day)), "pgdump"));
    const sqliteBackup = backupFileName(new Date(Date.UTC(2026, 0, 3)));
    for (const name of [...older, sqliteBackup]) await writeFile(path.join(dir, name), "old");
    const copied = path.join(dir, "offsite.pgdump");
    const run = await createBackup({
      databasePath: live,
      databaseUrl: url,
      dir,
      keep: 2,
      command: `cp "$1" "${copied}"`,
    });
    expect(run).toMatchObject({ outcome: "success", error: null, command_outcome: "success" });
    expect(run.file_name).toMatch(/^goatedvips-[\dT-]+Z\.pgdump$/);
    expect(run.size_bytes).toBeGreaterThan(0);
    // Custom format: pg_restore's archive, which starts "PGDMP".
    expect(readFileSync(path.join(dir, run.file_name!)).subarray(0, 5).toString()).toBe("PGDMP");
    expect(readdirSync(dir).sort()).toEqual(
      [older[1], run.file_name, sqliteBackup, "offsite.pgdump"].sort(),
    );
    expect((await backupStatus(24)).lastRun?.id).toBe(run.id);

    const after = uniqueName("after_backup");
    await database.deleteFrom("users").where("username", "=", before).execute();
    await insertUser(database, { username: after });

    await database.destroy();
    // Refused while another session (a server's) is connected.
    const server = new pg.Client({ connectionString: url });
    await server.connect();
    try {
      await expect(
        restorePostgresBackup({ file: path.join(dir, run.file_name!), url, dir }),
      ).rejects.toThrow(DatabaseInUseError);
      const { rows } = await server.query<{ username: string }>("select username from users");
      expect(rows.map((row) => row.username)).toContain(after);
    } finally {
      await server.end();
    }

    const { movedAside, migrationsApplied } = await restorePostgresBackup({
      file: path.join(dir, run.file_name!),
      url,
      dir,
    });
    expect(migrationsApplied).toEqual([]);
    const restored = openPostgresDatabase(url, { max: 1 });
    try {
      const names = await usernames(restored);
      expect(names).toContain(before);
      expect(names).not.toContain(after);
    } finally {
      await restored.destroy();
    }
    // The replaced database is kept, as an archive restore accepts.
    expect(movedAside[0]).toMatch(/goatedvips-before-restore-[\dT-]+Z\.pgdump$/);
    expect(readFileSync(movedAside[0]!).subarray(0, 5).toString()).toBe("PGDMP");
  });

  it("restores a backup taken at an older migration and migrates it to the latest", async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
    await admin.connect();
    const oldName = `goatedvips_old_${process.pid}_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${oldName}`);
    await admin.end();
    const oldUrl = new URL(process.env.TEST_POSTGRES_URL!);
    oldUrl.pathname = `/${oldName}`;
    const old = openPostgresDatabase(oldUrl.toString(), { max: 1 });
    const olderMigrations = Object.fromEntries(
      Object.entries(migrations).filter(([name]) => name < "0011"),
    );
    const migrated = await new Migrator({
      db: old,
      provider: { getMigrations: async () => olderMigrations },
    }).migrateToLatest();
    expect(migrated.error).toBeUndefined();
    const veteran = uniqueName("veteran");
    await insertUser(old, { username: veteran });
    await old.destroy();
    const dir = freshDir("pg-old");
    const run = await createBackup({
      databasePath: live,
      databaseUrl: oldUrl.toString(),
      dir,
      keep: 14,
    });
    expect(run.outcome).toBe("success");

    // Into a database at the latest migration, whose newer tables must go and come back empty.
    const { url, database } = await ownDatabase();
    await insertUser(database, { username: uniqueName("current") });
    await database.destroy();
    const { migrationsApplied } = await restorePostgresBackup({
      file: path.join(dir, run.file_name!),
      url,
      dir,
    });
    expect(migrationsApplied).toEqual(Object.keys(migrations).filter((name) => name >= "0011"));
    const restored = openPostgresDatabase(url, { max: 1 });
    try {
      expect(await usernames(restored)).toEqual([veteran]);
      await restored.selectFrom("backup_runs").selectAll().execute();
    } finally {
      await restored.destroy();
    }
  });

  it("puts the database back when pg_restore fails midway (a truncated archive)", async () => {
    const { url, database } = await ownDatabase();
    const kept = uniqueName("kept");
    await insertUser(database, { username: kept });
    const dir = freshDir("pg-truncated");
    const run = await createBackup({ databasePath: live, databaseUrl: url, dir, keep: 14 });
    expect(run.outcome).toBe("success");
    await database.destroy();
    // Its table of contents and kysely_migration's rows are whole; the last tables' are cut off.
    const file = path.join(dir, run.file_name!);
    const whole = readFileSync(file);
    await writeFile(file, whole.subarray(0, whole.length - 200));

    await expect(restorePostgresBackup({ file, url, dir })).rejects.toThrow(
      /^pg_restore failed: .*; the database was put back as it was$/,
    );
    const current = openPostgresDatabase(url, { max: 1 });
    try {
      expect(await usernames(current)).toEqual([kept]);
    } finally {
      await current.destroy();
    }
  });

  it("refuses a file that is not a pg_dump archive, leaving the database alone", async () => {
    const { url, database } = await ownDatabase();
    const kept = uniqueName("kept");
    await insertUser(database, { username: kept });
    await database.destroy();
    const garbage = path.join(freshDir("pg-garbage"), "backup.pgdump");
    await writeFile(garbage, "PGDMP, or so it says");
    await expect(
      restorePostgresBackup({ file: garbage, url, dir: freshDir("pg-bad") }),
    ).rejects.toThrow(/is not a readable pg_dump archive: pg_restore failed: /);
    const current = openPostgresDatabase(url, { max: 1 });
    try {
      expect(await usernames(current)).toEqual([kept]);
    } finally {
      await current.destroy();
    }
  });
});
