import type { Kysely } from "kysely";
import { sql } from "kysely";
import { dialectOf } from "../dialect";

/**
 * A UTC month has at most one monthly race that is not completed (upcoming or live): the admin
 * services check it first and answer which race is in the way; these triggers make sure no
 * writer (another process, a script) gets past it. Triggers rather than a unique index, so
 * a database that already holds such a pair still migrates: the admin completes or deletes one.
 * A race's month is the month of its start (start_date is ISO-8601 UTC text: "2026-11").
 */
const CLASH_MESSAGE = "a monthly race that is not completed already runs in this month";
const CLASH = `
  SELECT RAISE(ABORT, '${CLASH_MESSAGE}')
  WHERE EXISTS (
    SELECT 1 FROM races
    WHERE type = 'monthly' AND status != 'completed' AND id IS NOT NEW.id
      AND substr(start_date, 1, 7) = substr(NEW.start_date, 1, 7)
  );`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql
      .raw(
        `CREATE FUNCTION races_one_live_monthly() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           IF NEW.type = 'monthly' AND NEW.status <> 'completed' AND EXISTS (
             SELECT 1 FROM races
             WHERE type = 'monthly' AND status <> 'completed' AND id IS DISTINCT FROM NEW.id
               AND substr(start_date, 1, 7) = substr(NEW.start_date, 1, 7)
           )
           -- A second automatic race of the month is left to the unique index's ON CONFLICT DO
           -- NOTHING (two processes may create it at once; SQLite serialises them instead).
           AND NOT (NEW.is_automatic = 1 AND EXISTS (
             SELECT 1 FROM races WHERE is_automatic = 1 AND start_date = NEW.start_date
           )) THEN
             RAISE EXCEPTION '${CLASH_MESSAGE}';
           END IF;
           RETURN NEW;
         END $$`,
      )
      .execute(db);
    await sql`CREATE TRIGGER races_one_live_monthly
      BEFORE INSERT OR UPDATE OF type, status, start_date ON races
      FOR EACH ROW EXECUTE FUNCTION races_one_live_monthly()`.execute(db);
    return;
  }
  await sql
    .raw(
      `CREATE TRIGGER races_one_live_monthly_insert BEFORE INSERT ON races
       WHEN NEW.type = 'monthly' AND NEW.status != 'completed'
       BEGIN ${CLASH} END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER races_one_live_monthly_update BEFORE UPDATE OF type, status, start_date ON races
       WHEN NEW.type = 'monthly' AND NEW.status != 'completed'
       BEGIN ${CLASH} END`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`DROP TRIGGER IF EXISTS races_one_live_monthly ON races`.execute(db);
    await sql`DROP FUNCTION IF EXISTS races_one_live_monthly()`.execute(db);
    return;
  }
  await sql`DROP TRIGGER IF EXISTS races_one_live_monthly_update`.execute(db);
  await sql`DROP TRIGGER IF EXISTS races_one_live_monthly_insert`.execute(db);
}
