// Existing SQLite databases ran migrations 0001-0020 by name before they were written for both
// dialects (docs/decisions/0037): the SQLite schema they produce must stay exactly as it was.
// The fixture is sqlite_master as main's migrations left it; regenerate it only with a new
// migration, never to absorb a change to an old one.
import { readFileSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~db";

interface SchemaRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

it("the migrations produce exactly the SQLite schema they produced before PostgreSQL", async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "goatedvips-schema-")), "db.sqlite");
  const db = openDatabase(file);
  try {
    await migrateToLatest(db);
    const { rows } = await sql<SchemaRow>`
      select type, name, tbl_name, sql from sqlite_master order by type, name
    `.execute(db);
    const expected = JSON.parse(
      readFileSync(new URL("./fixtures/sqlite-schema.json", import.meta.url), "utf8"),
    ) as SchemaRow[];
    expect(rows).toEqual(expected);
  } finally {
    await db.destroy();
  }
});
