import type { Kysely, Transaction } from "kysely";
import type { Database } from "~db/schema";
import { auditSubject } from "~/domain/audit";
import type { NotificationView } from "~/domain/notifications";
import type { ParsedToken, TokenClaims, TokenMetadata } from "~/domain/provider-token";
import { readTokenClaims, tokenExpiryNotice, tokenMetadata } from "~/domain/provider-token";
import { recordAudit } from "./audit.server";
import type { AuditActor } from "./audit.server";
import { db } from "./db.server";
import { addNotifications, announceNotifications } from "./notifications.server";

/**
 * The provider tokens admins save (docs/product.md §A2 "Admin API-token page"): the newest one is
 * the one the sync uses, unless GOATED_API_TOKEN is set in the environment (app/jobs/sync.server.ts).
 * Only the claims ever leave this module, never the token.
 */

type Executor = Kysely<Database> | Transaction<Database>;

function newestToken(executor: Executor = db) {
  return executor
    .selectFrom("provider_tokens")
    .select(["id", "token", "created_at", "last_used_at", "expiry_notified_at"])
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The newest saved token, for the sync. */
export async function latestProviderToken(): Promise<{ id: number; token: string } | null> {
  const row = await newestToken();
  return row ? { id: row.id, token: row.token } : null;
}

/** A sync sent this token to the provider (docs/product.md §A3 `lastUsed`). */
export async function markProviderTokenUsed(id: number, now: Date): Promise<void> {
  await db
    .updateTable("provider_tokens")
    .set({ last_used_at: now.toISOString() })
    .where("id", "=", id)
    .execute();
}

function metadataOf(
  row: { token: string; created_at: string; last_used_at: string | null },
  claims: TokenClaims,
  now: Date,
): TokenMetadata {
  return tokenMetadata({ claims, createdAt: row.created_at, lastUsedAt: row.last_used_at }, now);
}

/**
 * The metadata of the newest saved token; `{ok: false}` when it cannot be read (a stored value
 * that is no JWT, or a failing read), which the page shows as its error banner.
 */
export async function currentTokenMetadata(
  now: Date = new Date(),
): Promise<{ ok: true; metadata: TokenMetadata } | { ok: false }> {
  try {
    const row = await newestToken();
    if (!row) return { ok: true, metadata: tokenMetadata(null, now) };
    const claims = readTokenClaims(row.token);
    return claims ? { ok: true, metadata: metadataOf(row, claims, now) } : { ok: false };
  } catch (error) {
    console.error("provider token: reading failed", error);
    return { ok: false };
  }
}

/**
 * Saves an admin's token; the sync uses it from its next run. Written with its audit row (the
 * claims and expiry, never the token) in one transaction.
 */
export async function saveProviderToken(
  actor: AuditActor,
  { token, claims }: ParsedToken,
  now: Date = new Date(),
): Promise<TokenMetadata> {
  return db.transaction().execute(async (trx) => {
    const previous = await newestToken(trx);
    const row = await trx
      .insertInto("provider_tokens")
      .values({ token, created_at: now.toISOString(), created_by: actor.userId })
      .returning(["id", "token", "created_at", "last_used_at"])
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      {
        actor,
        kind: "token.saved",
        subject: auditSubject("token", row.id),
        before: previous ? (readTokenClaims(previous.token) ?? { unreadable: true }) : null,
        after: claims,
      },
      now,
    );
    return metadataOf(row, claims, now);
  });
}

/**
 * Tells every active admin, in the app, that the saved token expires within
 * TOKEN_EXPIRING_DAYS (or has expired): once per token, whoever checks first. Each sync that
 * uses the saved token checks (app/jobs/sync.server.ts).
 */
export async function warnOfExpiringToken(now: Date = new Date()): Promise<NotificationView[]> {
  const sent = await db.transaction().execute(async (trx) => {
    const row = await newestToken(trx);
    if (!row || row.expiry_notified_at !== null) return [];
    const claims = readTokenClaims(row.token);
    const notice = claims ? tokenExpiryNotice(metadataOf(row, claims, now)) : null;
    if (!notice) return [];
    const claimed = await trx
      .updateTable("provider_tokens")
      .set({ expiry_notified_at: now.toISOString() })
      .where("id", "=", row.id)
      .where("expiry_notified_at", "is", null)
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) return [];
    const admins = await trx
      .selectFrom("users")
      .select("id")
      .where("is_admin", "=", 1)
      .where("disabled_at", "is", null)
      .execute();
    return addNotifications(
      trx,
      admins.map((admin) => ({ userId: admin.id, kind: "token_expiring" as const, ...notice })),
      now,
    );
  });
  await announceNotifications(sent);
  return sent;
}
