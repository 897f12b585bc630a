import { auditSubject } from "~/domain/audit";
import type { NotificationView } from "~/domain/notifications";
import type {
  LastProviderSync,
  ProviderHealth,
  ProviderSource,
  ProviderSettingsInput,
  TokenClaims,
  TokenMetadata,
} from "~/domain/provider-token";
import {
  providerHealth,
  providerSettingsInForce,
  readTokenClaims,
  syncRefusalNotice,
  tokenExpiryNotice,
  tokenMetadata,
} from "~/domain/provider-token";
import { eventBus } from "~/server/domain-event-bus.server";
import { readProviderConfig } from "~/server/provider-config.server";
import { recordAudit } from "./audit.server";
import type { AuditActor } from "./audit.server";
import { db } from "~/services/db.server";
import type { Executor } from "~/services/db.server";
import {
  addNotifications,
  announceNotifications,
} from "~/services/notifications/notifications.server";
import type { NewNotification } from "~/services/notifications/notifications.server";
import { lastProviderSync } from "~/services/operations/sync-runs.server";

/**
 * The provider settings admins save (docs/product.md §A2 "Admin API-token page"): a token (or ""
 * when the provider is called without one) and the affiliate code. The newest row is the one the
 * sync uses, unless the environment sets its own (providerSettingsInForce). Only the claims ever
 * leave this module, never the token.
 */

function newestToken(executor: Executor = db) {
  return executor
    .selectFrom("provider_tokens")
    .select(["id", "token", "affiliate_uid", "created_at", "last_used_at", "expiry_notified_at"])
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The newest saved settings, for the sync; `token` is "" when saved without one. */
export async function latestProviderToken(): Promise<{
  id: number;
  token: string;
  affiliateUid: string | null;
} | null> {
  const row = await newestToken();
  return row ? { id: row.id, token: row.token, affiliateUid: row.affiliate_uid } : null;
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
  row: { affiliate_uid: string | null; created_at: string; last_used_at: string | null },
  claims: TokenClaims | null,
  lastSync: LastProviderSync | null,
  now: Date,
): TokenMetadata {
  return tokenMetadata(
    {
      claims,
      affiliateUid: row.affiliate_uid,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
      lastSync,
    },
    now,
  );
}

/** The claims of a saved row: null when saved without a token, undefined when unreadable. */
function claimsOf(token: string): TokenClaims | null | undefined {
  return token === "" ? null : (readTokenClaims(token) ?? undefined);
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
    const claims = claimsOf(row.token);
    if (claims === undefined) return { ok: false };
    return { ok: true, metadata: metadataOf(row, claims, await lastProviderSync(row.id), now) };
  } catch (error) {
    console.error("provider token: reading failed", error);
    return { ok: false };
  }
}

/** What the audit log keeps of saved settings: the claims and the code, never the token. */
function auditedSettings(row: { token: string; affiliate_uid: string | null }) {
  const claims = claimsOf(row.token);
  return {
    ...(claims === undefined ? { unreadable: true } : claims),
    affiliateUid: row.affiliate_uid,
    withToken: row.token !== "",
  };
}

/** Which settings are in force, what the environment sets, and the saved settings' metadata. */
export interface ProviderOverview {
  read: Awaited<ReturnType<typeof currentTokenMetadata>>;
  source: ProviderSource;
  environment: { token: boolean; affiliateUid: boolean };
  /** null when the saved settings cannot be read. */
  health: ProviderHealth | null;
}

export async function providerOverview(now: Date = new Date()): Promise<ProviderOverview> {
  const config = readProviderConfig();
  const [read, saved] = await Promise.all([currentTokenMetadata(now), latestProviderToken()]);
  const env = { token: config.GOATED_API_TOKEN, affiliateUid: config.GOATED_AFFILIATE_UID };
  const { source } = providerSettingsInForce(env, saved);
  const environmentSync = source === "environment" ? await lastProviderSync(null) : null;
  return {
    read,
    source,
    environment: { token: Boolean(env.token), affiliateUid: Boolean(env.affiliateUid) },
    health: read.ok ? providerHealth(source, read.metadata, environmentSync) : null,
  };
}

/**
 * Saves an admin's settings (a token or none, and the code); the sync runs with them at once
 * (`provider.settings-changed`). Written with its audit row (the claims and code, never the token) in one transaction.
 */
export async function saveProviderToken(
  actor: AuditActor,
  { token, affiliateUid }: ProviderSettingsInput,
  now: Date = new Date(),
): Promise<TokenMetadata> {
  const saved = await db.transaction().execute(async (trx) => {
    const previous = await newestToken(trx);
    const row = await trx
      .insertInto("provider_tokens")
      .values({
        token: token?.token ?? "",
        affiliate_uid: affiliateUid,
        created_at: now.toISOString(),
        created_by: actor.userId,
      })
      .returning(["id", "token", "affiliate_uid", "created_at", "last_used_at"])
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      {
        actor,
        kind: "token.saved",
        subject: auditSubject("token", row.id),
        before: previous ? auditedSettings(previous) : null,
        after: auditedSettings(row),
      },
      now,
    );
    return metadataOf(row, token?.claims ?? null, null, now);
  });
  await announceSettingsChanged(now);
  return saved;
}

/** After the commit: the process running the sync runs it now, with what was just committed. */
async function announceSettingsChanged(now: Date): Promise<void> {
  await eventBus.publish("provider.settings-changed", { at: now.toISOString() });
}

/**
 * 'Use demo data': removes every saved token and code (audited); without environment settings
 * the sync goes back to the demo source at once. Returns whether anything was saved.
 */
export async function removeProviderSettings(
  actor: AuditActor,
  now: Date = new Date(),
): Promise<boolean> {
  const removed = await db.transaction().execute(async (trx) => {
    const previous = await newestToken(trx);
    if (!previous) return false;
    await trx.deleteFrom("provider_tokens").execute();
    await recordAudit(
      trx,
      {
        actor,
        kind: "token.removed",
        subject: auditSubject("token", previous.id),
        before: auditedSettings(previous),
        after: null,
      },
      now,
    );
    return true;
  });
  if (removed) await announceSettingsChanged(now);
  return removed;
}

/** Every active admin, for the operations notices. */
function activeAdmins(executor: Executor) {
  return executor
    .selectFrom("users")
    .select("id")
    .where("is_admin", "=", 1)
    .where("disabled_at", "is", null)
    .execute();
}

async function noticeToAdmins(
  executor: Executor,
  kind: NewNotification["kind"],
  notice: { title: string; message: string },
  now: Date,
) {
  const admins = await activeAdmins(executor);
  return addNotifications(
    executor,
    admins.map((admin) => ({ userId: admin.id, kind, ...notice })),
    now,
  );
}

/**
 * Tells every active admin, in the app and by e-mail, that the provider refused sync run `runId`:
 * once per refusal, not every run, so only when the previous finished run with the same settings
 * (`providerTokenId`, null for the environment's) was no refusal with the same status. The sync
 * runs one at a time (app/jobs/sync.server.ts), so the previous run is settled.
 */
export async function warnOfRefusedSync(
  runId: number,
  providerTokenId: number | null,
  refusal: LastProviderSync,
  now: Date = new Date(),
): Promise<NotificationView[]> {
  const previous = await lastProviderSync(providerTokenId, runId);
  if (previous?.outcome === "failed" && previous.httpStatus === refusal.httpStatus) return [];
  const sent = await db
    .transaction()
    .execute((trx) => noticeToAdmins(trx, "sync_refused", syncRefusalNotice(refusal), now));
  await announceNotifications(sent);
  return sent;
}

/**
 * Tells every active admin, in the app and by e-mail, that the saved token expires within
 * TOKEN_EXPIRING_HOURS (or has expired): once per token, whoever checks first. Each sync that
 * uses the saved token checks (app/jobs/sync.server.ts).
 */
export async function warnOfExpiringToken(now: Date = new Date()): Promise<NotificationView[]> {
  const sent = await db.transaction().execute(async (trx) => {
    const row = await newestToken(trx);
    if (!row || row.expiry_notified_at !== null) return [];
    const claims = claimsOf(row.token);
    const notice = claims ? tokenExpiryNotice(metadataOf(row, claims, null, now)) : null;
    if (!notice) return [];
    const claimed = await trx
      .updateTable("provider_tokens")
      .set({ expiry_notified_at: now.toISOString() })
      .where("id", "=", row.id)
      .where("expiry_notified_at", "is", null)
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) return [];
    return noticeToAdmins(trx, "token_expiring", notice, now);
  });
  await announceNotifications(sent);
  return sent;
}
