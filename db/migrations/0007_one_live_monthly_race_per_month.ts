import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * A UTC month has at most one monthly race that is not completed (upcoming or live): the admin
 * services check it first and answer which race is in the way; these triggers make sure no
 * writer (another process, a script) gets past it. Triggers rather than a unique index, so
 * a database that already holds such a pair still migrates: the admin completes or deletes one.
 * A race's month is the month of its start (start_date is ISO-8601 UTC text: "2026-11").
 */
const CLASH = `
  SELECT RAISE(ABORT, 'a monthly race that is not completed already runs in this month')
  WHERE EXISTS (
    SELECT 1 FROM races
    WHERE type = 'monthly' AND status != 'completed' AND id IS NOT NEW.id
      AND substr(start_date, 1, 7) = substr(NEW.start_date, 1, 7)
  );`;

export async function up(db: Kysely<unknown>): Promise<void> {
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
  await sql`DROP TRIGGER IF EXISTS races_one_live_monthly_update`.execute(db);
  await sql`DROP TRIGGER IF EXISTS races_one_live_monthly_insert`.execute(db);
}
