import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * Backups (issue 19, docs/operations.md "Backups"): one row per run of `npm run backup` or of the server's
 * backup job, so /admin can show the last one and warn when the last good one is old.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("backup_runs")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text", (c) => c.notNull())
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull().check(sql`outcome in ('success', 'failure')`))
    // The compressed file (its name in BACKUP_DIR) and its size; null when the run failed.
    .addColumn("file_name", "text")
    .addColumn("size_bytes", "integer")
    .addColumn("error", "text")
    // BACKUP_COMMAND's outcome: null when none is configured or the backup itself failed.
    .addColumn("command_outcome", "text", (c) =>
      c.check(sql`command_outcome in ('success', 'failure')`),
    )
    .addColumn("command_error", "text")
    .execute();
  await db.schema
    .createIndex("backup_runs_outcome_finished")
    .on("backup_runs")
    .columns(["outcome", "finished_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("backup_runs").execute();
}
