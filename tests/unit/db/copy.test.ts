import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, openPostgresDatabase } from "~db";
import type { Database } from "~db";
import { COPIED_TABLES, copySqliteToPostgres, CopyRefused, openSourceDatabase } from "~db/copy";
import { insertPlayer, insertRace, insertSession, insertUser } from "../../factories";
import { createTestPostgresDatabase, postgresSkipReason } from "../../postgres/scratch-database";
import type { TestPostgresDatabase } from "../../postgres/scratch-database";

const sqliteFile = (name: string) =>
  path.join(mkdtempSync(path.join(tmpdir(), "goatedvips-copy-")), name);

/** A migrated SQLite file with a row or more in the tables a live site fills. */
async function seededSqlite(): Promise<{ file: string; db: Kysely<Database> }> {
  const file = sqliteFile("source.sqlite");
  const db = openDatabase(file);
  await migrateToLatest(db);
  const admin = await insertUser(db, { is_admin: 1 });
  const member = await insertUser(db);
  await insertUser(db);
  await insertSession(db, member);
  await insertSession(db, admin);
  const now = new Date().toISOString();
  await db
    .insertInto("notification_preferences")
    .values({
      user_id: member,
      wager_race_updates: 1,
      vip_status_changes: 0,
      promotional_offers: 1,
      monthly_statements: 0,
      updated_at: now,
    })
    .execute();
  const uid = await insertPlayer(db, {
    name: "Kingpin",
    all_time: 1234.5,
    snapshots: [
      ["2026-11-01T00:00:00.000Z", 1000],
      ["2026-11-02T00:00:00.000Z", 1234.5],
    ],
  });
  const raceId = await insertRace(db, {
    start_date: "2026-11-01T00:00:00.000Z",
    end_date: "2026-11-08T00:00:00.000Z",
    status: "completed",
    created_by: admin,
    results: [{ uid, name: "Kingpin", wager: 234.5, prizeCents: 10_000 }],
  });
  await db
    .insertInto("notifications")
    .values([
      {
        user_id: member,
        kind: "race",
        title: "Race over",
        message: "You won",
        race_id: raceId,
        created_at: now,
        read_at: null,
      },
      {
        user_id: member,
        kind: "system",
        title: "Hello",
        message: "Welcome",
        race_id: null,
        created_at: now,
        read_at: now,
      },
    ])
    .execute();
  const conversation = await db
    .insertInto("support_conversations")
    .values({ user_id: member, created_at: now, last_message_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("support_messages")
    .values([
      {
        conversation_id: conversation.id,
        sender_id: member,
        is_staff_reply: 0,
        message: "Help?",
        created_at: now,
      },
      {
        conversation_id: conversation.id,
        sender_id: admin,
        is_staff_reply: 1,
        message: "Sure.",
        created_at: now,
      },
    ])
    .execute();
  await db
    .insertInto("audit_log")
    .values({
      created_at: now,
      actor_id: admin,
      actor_username: "admin",
      kind: "race.create",
      subject: `race ${raceId}`,
      before_json: null,
      after_json: "{}",
    })
    .execute();
  return { file, db };
}

/** A table's rows, in a comparable order. */
async function rowsOf(db: Kysely<Database>, table: string): Promise<string[]> {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
    db,
  );
  // SQLite's own columns of a sync's generations (migration 0025) are not copied.
  const copied = ([column]: [string, unknown]) => !["generation", "superseded"].includes(column);
  return rows
    .map((row) =>
      JSON.stringify(
        Object.entries(row)
          .filter(copied)
          .sort(([a], [b]) => a.localeCompare(b)),
      ),
    )
    .sort();
}

describe.skipIf(postgresSkipReason)(
  `npm run db:copy (SQLite -> PostgreSQL) ${postgresSkipReason ?? ""}`,
  () => {
    let sqlite: { file: string; db: Kysely<Database> };
    let target: TestPostgresDatabase;
    let occupied: TestPostgresDatabase;
    let pgDb: Kysely<Database>;
    let occupiedDb: Kysely<Database>;

    beforeAll(async () => {
      sqlite = await seededSqlite();
      target = await createTestPostgresDatabase({ sharedTables: false });
      occupied = await createTestPostgresDatabase({ sharedTables: false });
      pgDb = openPostgresDatabase(target.url, { max: 2 });
      occupiedDb = openPostgresDatabase(occupied.url, { max: 2 });
    }, 120_000);

    afterAll(async () => {
      await sqlite?.db.destroy();
      await pgDb?.destroy();
      await occupiedDb?.destroy();
      await target?.drop();
      await occupied?.drop();
    });

    it("copies every table's rows with their ids, and new rows take the next ids", async () => {
      const source = openSourceDatabase(sqlite.file);
      const copied = await copySqliteToPostgres(source, pgDb).finally(() => source.close());

      expect(copied.map(({ table }) => table).sort()).toEqual([...COPIED_TABLES].sort());
      // Parents before children.
      const position = (table: string) => copied.findIndex((c) => c.table === table);
      expect(position("users")).toBeLessThan(position("sessions"));
      expect(position("races")).toBeLessThan(position("race_results"));
      expect(position("support_conversations")).toBeLessThan(position("support_messages"));
      expect(copied.find((c) => c.table === "users")?.rows).toBe(3);
      for (const table of COPIED_TABLES) {
        expect(await rowsOf(pgDb, table), table).toEqual(await rowsOf(sqlite.db, table));
      }
      for (const table of [
        "users",
        "sessions",
        "players",
        "wager_snapshots",
        "races",
        "race_results",
        "notifications",
        "support_messages",
      ]) {
        expect((await rowsOf(pgDb, table)).length, table).toBeGreaterThan(0);
      }

      const newUser = await insertUser(pgDb);
      expect(newUser).toBe(4);
      const conversation = await pgDb
        .insertInto("support_conversations")
        .values({
          user_id: newUser,
          created_at: "2026-11-24T00:00:00.000Z",
          last_message_at: "2026-11-24T00:00:00.000Z",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(conversation.id).toBe(2);
    });

    it("refuses a target whose tables already hold rows, and writes nothing", async () => {
      await migrateToLatest(occupiedDb);
      await insertUser(occupiedDb, { username: "already_here" });
      const source = openSourceDatabase(sqlite.file);
      const copy = copySqliteToPostgres(source, occupiedDb).finally(() => source.close());

      await expect(copy).rejects.toThrow(CopyRefused);
      await expect(copy).rejects.toThrow(/already holds rows \(in users\)/);
      expect(await rowsOf(occupiedDb, "users")).toHaveLength(1);
      expect(await rowsOf(occupiedDb, "players")).toEqual([]);
    });

    it("refuses a missing SQLite file, one behind the latest migration and one ahead of it", async () => {
      expect(() => openSourceDatabase(sqliteFile("missing.sqlite"))).toThrow(/does not exist/);
      const unmigrated = sqliteFile("old.sqlite");
      const db = openDatabase(unmigrated);
      await db.destroy();
      expect(() => openSourceDatabase(unmigrated)).toThrow(/npm run db:migrate/);
      await sql`insert into kysely_migration (name, timestamp) values ('9999_from_the_future', '')`.execute(
        sqlite.db,
      );
      expect(() => openSourceDatabase(sqlite.file)).toThrow(
        /does not know \(9999_from_the_future\)/,
      );
    });
  },
);
