// Triggers the tests add to make a write fail (or race) inside the database, on either dialect:
// SQLite's WHEN ... BEGIN ... END, or PostgreSQL's trigger function.
import { sql } from "kysely";
import type { Kysely } from "kysely";
import { dialectOf } from "~db";
import type { Database } from "~db";

interface TestTrigger {
  name: string;
  table: string;
  /** A condition on NEW. */
  when: string;
  /** Refuse the write with this message, or run this statement first. */
  action: { refuse: string } | { run: string };
}

export async function createTestTrigger(db: Kysely<Database>, trigger: TestTrigger) {
  const { name, table, when, action } = trigger;
  if (dialectOf(db) === "postgres") {
    const body = "refuse" in action ? `RAISE EXCEPTION '${action.refuse}';` : `${action.run};`;
    await sql
      .raw(
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN IF ${when} THEN ${body} END IF; RETURN NEW; END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${name} BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`,
      )
      .execute(db);
    return;
  }
  const body = "refuse" in action ? `SELECT RAISE(ABORT, '${action.refuse}')` : action.run;
  await sql
    .raw(`CREATE TRIGGER ${name} BEFORE UPDATE ON ${table} WHEN ${when} BEGIN ${body}; END`)
    .execute(db);
}

export async function dropTestTrigger(db: Kysely<Database>, name: string, table: string) {
  if (dialectOf(db) === "postgres") {
    await sql.raw(`DROP TRIGGER IF EXISTS ${name} ON ${table}`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS ${name}()`).execute(db);
    return;
  }
  await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
}
