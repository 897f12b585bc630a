import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Migrator } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~db";
import { migrations } from "~db/migrations";

const db = openDatabase(
  path.join(mkdtempSync(path.join(tmpdir(), "goatedvips-canonical-")), "db.sqlite"),
);

afterAll(async () => {
  await db.destroy();
});

describe("migration 0006: canonical usernames", () => {
  it("names existing accounts canonically, oldest first; a later look-alike keeps its name without one", async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0005_content")).error).toBeUndefined();
    // Names the old case-insensitive (ASCII only) index let sit side by side.
    const names = ["boss", "boss\u200B", "\uFF22\uFF2F\uFF33\uFF33", "École", "école", "goat"];
    const created_at = new Date().toISOString();
    for (const username of names) {
      await db.insertInto("users").values({ username, password_hash: "x", created_at }).execute();
    }

    await migrateToLatest(db);

    const rows = await db
      .selectFrom("users")
      .select(["username", "username_canonical"])
      .orderBy("id")
      .execute();
    expect(rows.map((row) => row.username_canonical)).toEqual([
      "boss",
      null,
      null,
      "école",
      null,
      "goat",
    ]);
    await expect(
      db
        .insertInto("users")
        .values({ username: "GOAT", username_canonical: "goat", password_hash: "x", created_at })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
  });
});
