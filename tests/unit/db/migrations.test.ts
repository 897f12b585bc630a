import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Migrator, NO_MIGRATIONS, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~db";
import type { Database } from "~db";
import { migrations } from "~db/migrations";
import type { Kysely } from "kysely";

const opened: Kysely<Database>[] = [];
function emptyDatabase() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "goatedvips-migrate-")), "db.sqlite");
  const db = openDatabase(file);
  opened.push(db);
  return db;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});

async function tableNames(db: Kysely<Database>) {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name
  `.execute(db);
  return rows.map((r) => r.name);
}

describe("migrations", () => {
  it("bring an empty database to the latest schema", async () => {
    const db = emptyDatabase();
    const { results } = await migrateToLatest(db);
    expect(results?.map((r) => [r.migrationName, r.status])).toEqual(
      Object.keys(migrations).map((name) => [name, "Success"]),
    );
    expect(await tableNames(db)).toEqual(
      expect.arrayContaining(["kysely_migration", "sessions", "users"]),
    );
  });

  it("are a no-op the second time", async () => {
    const db = emptyDatabase();
    await migrateToLatest(db);
    const { results } = await migrateToLatest(db);
    expect(results).toEqual([]);
  });

  it("can all be rolled back", async () => {
    const db = emptyDatabase();
    await migrateToLatest(db);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(NO_MIGRATIONS);
    expect(error).toBeUndefined();
    expect(await tableNames(db)).not.toContain("users");
  });

  it("open connections with WAL, NORMAL sync, foreign keys and a busy timeout", async () => {
    const db = emptyDatabase();
    const pragma = async (name: string) =>
      Object.values(
        (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db)).rows[0] ?? {},
      )[0];
    expect(await pragma("journal_mode")).toBe("wal");
    expect(await pragma("synchronous")).toBe(1); // NORMAL
    expect(await pragma("foreign_keys")).toBe(1);
    expect(await pragma("busy_timeout")).toBe(5000);
  });

  it("enforce foreign keys and case-insensitive unique usernames", async () => {
    const db = emptyDatabase();
    await migrateToLatest(db);
    const now = new Date().toISOString();
    await db
      .insertInto("users")
      .values({ username: "GoatKing", password_hash: "x", created_at: now })
      .execute();
    await expect(
      db
        .insertInto("users")
        .values({ username: "goatking", password_hash: "x", created_at: now })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
    await expect(
      db
        .insertInto("sessions")
        .values({
          id: "s1",
          user_id: 999,
          token_hash: "h",
          user_agent: "",
          ip: "",
          created_at: now,
          last_active_at: now,
          expires_at: now,
          idle_expires_at: now,
        })
        .execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
  });
});
