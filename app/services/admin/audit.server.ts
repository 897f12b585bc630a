import type { Transaction } from "kysely";
import type { Database } from "~db";
import type { AuditKind } from "~/domain/audit";
import { isAuditKind } from "~/domain/audit";
import { pageWindow } from "~/domain/paging";
import type { PageWindow } from "~/domain/paging";
import { parsePositiveId } from "~/lib/params";
import { db } from "~/services/db.server";

export interface AuditActor {
  userId: number;
  username: string;
}

/** Who the log names for a change made from the operator's command line (no account). */
export const COMMAND_LINE_ACTOR = "command line";

export interface AuditEntry {
  /** null: the operator's command line (npm run admin:reset-totp). */
  actor: AuditActor | null;
  kind: AuditKind;
  subject: string;
  /** The values before and after the change, as JSON; null for nothing (created or deleted). */
  before: unknown;
  after: unknown;
}

/**
 * Records one admin change. It takes the transaction that makes the change, so the change and its
 * record are written together or not at all (a failing change leaves no row, and a failing
 * record undoes the change). Race admin and every later admin change call this too.
 */
export async function recordAudit(
  trx: Transaction<Database>,
  entry: AuditEntry,
  now: Date = new Date(),
): Promise<void> {
  const json = (value: unknown) =>
    value === null || value === undefined ? null : JSON.stringify(value);
  await trx
    .insertInto("audit_log")
    .values({
      created_at: now.toISOString(),
      actor_id: entry.actor?.userId ?? null,
      actor_username: entry.actor?.username ?? COMMAND_LINE_ACTOR,
      kind: entry.kind,
      subject: entry.subject,
      before_json: json(entry.before),
      after_json: json(entry.after),
    })
    .execute();
}

export interface AuditRow {
  id: number;
  createdAt: string;
  actorId: number | null;
  actorUsername: string;
  kind: string;
  subject: string;
  before: string | null;
  after: string | null;
}

export interface AuditFilter {
  actorId: number | null;
  kind: AuditKind | null;
}

/** The `?admin=&kind=` of the audit page; anything unreadable filters nothing. */
export function auditFilterOf(params: URLSearchParams): AuditFilter {
  const admin = params.get("admin");
  const kind = params.get("kind");
  return {
    actorId: parsePositiveId(admin),
    kind: isAuditKind(kind) ? kind : null,
  };
}

/** One page of the log, newest first, filtered by admin and kind. */
export async function listAudit(
  filter: AuditFilter,
  requestedPage: string | null,
): Promise<{ rows: AuditRow[]; window: PageWindow; total: number }> {
  const filtered = db
    .selectFrom("audit_log")
    .$if(filter.actorId !== null, (q) => q.where("actor_id", "=", filter.actorId ?? 0))
    .$if(filter.kind !== null, (q) => q.where("kind", "=", filter.kind ?? ""));
  const { n } = await filtered
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(n);
  const window = pageWindow(requestedPage, total);
  const rows = await filtered
    .select([
      "id",
      "created_at as createdAt",
      "actor_id as actorId",
      "actor_username as actorUsername",
      "kind",
      "subject",
      "before_json as before",
      "after_json as after",
    ])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return { rows, window, total };
}

/** The admins who appear in the log, for the filter's choices. */
export async function auditActors(): Promise<{ id: number; username: string }[]> {
  const rows = await db
    .selectFrom("audit_log")
    // One name per admin (the newest-sorting one if they were renamed).
    .select(["actor_id", (eb) => eb.fn.max("actor_username").as("actor_username")])
    .where("actor_id", "is not", null)
    .groupBy("actor_id")
    .orderBy("actor_username")
    .execute();
  return rows.map((row) => ({ id: row.actor_id ?? 0, username: row.actor_username }));
}
