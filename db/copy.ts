// `npm run db:copy`: the move of a SQLite database into PostgreSQL (docs/decisions/0037,
// docs/deploy/README.md). The rows are copied as SQLite stores them (ISO text instants, 0/1
// integers, JSON text): the PostgreSQL schema of the same migrations stores them alike.
import { existsSync } from "node:fs";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import type { Kysely } from "kysely";
import { migrateToLatest } from "./index";
import { migrations } from "./migrations";
import type { Database } from "./schema";

/** A copy that must not start; its message tells the user what to do. Nothing was written. */
export class CopyRefused extends Error {}

/**
 * Every table of the Database interface: copied, or why not (a new table must choose here or the
 * build fails).
 */
const TABLES: Record<keyof Database, "copy" | { notCopied: string }> = {
  users: "copy",
  sessions: "copy",
  user_activity_days: "copy",
  notification_preferences: "copy",
  players: "copy",
  wager_snapshots: "copy",
  sync_runs: "copy",
  provider_tokens: "copy",
  bonus_codes: "copy",
  races: "copy",
  race_results: "copy",
  notifications: "copy",
  notification_broadcasts: "copy",
  audit_log: "copy",
  user_totp: "copy",
  user_recovery_codes: "copy",
  email_outbox: "copy",
  push_vapid_keys: "copy",
  push_subscriptions: "copy",
  push_outbox: "copy",
  race_alert_sends: "copy",
  support_conversations: "copy",
  support_messages: "copy",
  backup_runs: "copy",
  hero_videos: "copy",
  goated_link_requests: "copy",
  giveaways: "copy",
  giveaway_entries: "copy",
  wager_flags: "copy",
  site_settings: "copy",
  event_bus_payloads: {
    notCopied: "live pushes of running PostgreSQL processes, kept ten minutes; unused on SQLite",
  },
  rate_limits: {
    notCopied: "throttle counters of running PostgreSQL processes, expiring; unused on SQLite",
  },
  community_channels: "copy",
  channel_outbox: "copy",
  telegram_link_codes: { notCopied: "one-time codes that expire within 15 minutes" },
};

type TableName = keyof Database;

/**
 * The rows of a sync SQLite has not published, or has replaced, stay behind (migration 0025,
 * docs/decisions/0052): the copy holds what the site showed.
 */
const PUBLISHED = "(select published from sync_publication)";
const PUBLISHED_ONLY: Partial<Record<TableName, string>> = {
  players: `where generation <= ${PUBLISHED} and (superseded is null or superseded > ${PUBLISHED})`,
  wager_snapshots: `where generation <= ${PUBLISHED}`,
};

export const COPIED_TABLES = (Object.keys(TABLES) as TableName[]).filter(
  (table) => TABLES[table] === "copy",
);

/** The tables db:copy leaves behind, with the reason. */
export const TABLES_NOT_COPIED = Object.entries(TABLES).flatMap(([table, plan]) =>
  plan === "copy" ? [] : [{ table, reason: plan.notCopied }],
);

/**
 * Tables a migration fills (0005's two launch bonus codes): their rows in the target are the
 * migration's, not the site's, so they do not make it occupied; the source's rows replace them.
 */
const SEEDED_BY_MIGRATIONS: readonly TableName[] = ["bonus_codes", "site_settings"];

/** Rows per INSERT, under PostgreSQL's 65,535 parameters per statement. */
const MAX_BATCH_ROWS = 1000;
const MAX_PARAMETERS = 60_000;

/**
 * The SQLite file, read-only. Refused when it is missing or behind the latest migration: db:copy
 * reads its source and never changes it, so the user migrates it first.
 */
export function openSourceDatabase(file: string): SQLite.Database {
  if (!existsSync(file)) throw new CopyRefused(`${file} does not exist: nothing to copy.`);
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  const migrated = new Set(
    source
      .prepare("select name from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .all().length
      ? source
          .prepare("select name from kysely_migration")
          .pluck()
          .all()
          .map((name) => String(name))
      : [],
  );
  const known = Object.keys(migrations);
  const missing = known.filter((name) => !migrated.has(name));
  const unknown = [...migrated].filter((name) => !known.includes(name));
  if (missing.length || unknown.length) source.close();
  if (missing.length) {
    throw new CopyRefused(
      `${file} is not migrated to the latest migration (${known.at(-1)}; ${missing.length} missing). ` +
        `Migrate it first (stop the server, then: DATABASE_PATH=${file} npm run db:migrate) and copy again.`,
    );
  }
  if (unknown.length) {
    throw new CopyRefused(
      `${file} has migrations this version does not know (${unknown.join(", ")}): copy it with the version that made it.`,
    );
  }
  return source;
}

/** The copied tables, each after the tables its foreign keys point to. */
function foreignKeyOrder(source: SQLite.Database): TableName[] {
  const references = new Map(
    COPIED_TABLES.map((table) => [
      table,
      source
        .prepare('select "table" from pragma_foreign_key_list(?)')
        .pluck()
        .all(table)
        .map((parent) => String(parent))
        .filter((parent) => parent !== table),
    ]),
  );
  const ordered: TableName[] = [];
  const visit = (table: TableName, path: TableName[]) => {
    if (ordered.includes(table)) return;
    if (path.includes(table))
      throw new Error(`foreign key cycle: ${[...path, table].join(" -> ")}`);
    for (const parent of references.get(table) ?? []) {
      if (parent in TABLES) visit(parent as TableName, [...path, table]);
    }
    ordered.push(table);
  };
  for (const table of COPIED_TABLES) visit(table, []);
  return ordered;
}

export interface CopiedTable {
  table: TableName;
  rows: number;
}

/**
 * Migrates `target` to the latest migration, then copies every table of COPIED_TABLES from
 * `source` in one transaction, ids kept, and moves each identity column's sequence past the
 * largest copied id. Refuses (CopyRefused, nothing written) a target whose tables hold rows
 * (other than the migrations' seed).
 */
export async function copySqliteToPostgres(
  source: SQLite.Database,
  target: Kysely<Database>,
): Promise<CopiedTable[]> {
  await migrateToLatest(target);
  const order = foreignKeyOrder(source);
  return target.transaction().execute(async (trx) => {
    const occupied: string[] = [];
    for (const table of order) {
      if (SEEDED_BY_MIGRATIONS.includes(table)) continue;
      const { rows } = await sql`select 1 from ${sql.table(table)} limit 1`.execute(trx);
      if (rows.length) occupied.push(table);
    }
    if (occupied.length) {
      throw new CopyRefused(
        `The target database already holds rows (in ${occupied.join(", ")}): db:copy copies only ` +
          "into an empty database. Nothing was written.",
      );
    }

    for (const table of SEEDED_BY_MIGRATIONS) await trx.deleteFrom(table).execute();

    const copied: CopiedTable[] = [];
    for (const table of order) {
      const { rows: targetColumns } = await sql<{ column_name: string }>`
        select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table}`.execute(trx);
      const inTarget = new Set(targetColumns.map((row) => row.column_name));
      // Less SQLite's own (a sync's generations, migration 0025).
      const columns = source
        .prepare("select name from pragma_table_info(?) order by cid")
        .pluck()
        .all(table)
        .map((name) => String(name))
        .filter((name) => inTarget.has(name));
      const batchRows = Math.min(MAX_BATCH_ROWS, Math.floor(MAX_PARAMETERS / columns.length));
      const insert = (rows: unknown[][]) =>
        sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(
          rows.map((row) => sql`(${sql.join(row)})`),
        )}`.execute(trx);
      let batch: unknown[][] = [];
      let count = 0;
      for (const row of source
        .prepare(
          `select ${columns.map((c) => `"${c}"`).join(", ")} from "${table}" ${PUBLISHED_ONLY[table] ?? ""}`,
        )
        .raw()
        .iterate() as IterableIterator<unknown[]>) {
        batch.push(row);
        count++;
        if (batch.length === batchRows) {
          await insert(batch);
          batch = [];
        }
      }
      if (batch.length) await insert(batch);
      copied.push({ table, rows: count });
    }

    const { rows: identities } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and is_identity = 'YES'
    `.execute(trx);
    for (const { table_name: table, column_name: column } of identities) {
      if (!(COPIED_TABLES as string[]).includes(table)) continue;
      await sql`select setval(pg_get_serial_sequence(${table}, ${column}),
        coalesce(max(${sql.ref(column)}), 0) + 1, false) from ${sql.table(table)}`.execute(trx);
    }
    return copied;
  });
}
