import { sql } from "kysely";
import type { PreferenceKey } from "~/domain/account-forms";
import { UNSUBSCRIBE_LINK_TTL_MS } from "~/domain/email";
import type { EmailKind } from "~/domain/email";
import type { EmailContent } from "~/domain/email-templates";
import { DEFAULT_PREFERENCES, PREFERENCE_COLUMNS } from "~/domain/account-forms";
import { siteOrigin } from "~/server/config.server";
import { signToken } from "~/server/signed-token.server";
import {
  abandonInterrupted,
  claim,
  dueIds,
  errorText,
  markSent,
  recordFailure,
} from "~/services/notifications/outbox.server";
import { renderEmail } from "./render.server";
import type { Executor } from "~/services/db.server";

/**
 * The e-mail outbox (docs/decisions/0025): messages are queued inside the transaction of the change
 * they tell about, and a job sends them through the queue steps of app/services/notifications/outbox.server.ts.
 */

export interface EmailRecipient {
  userId: number;
  email: string;
  username: string;
  goatedId: string | null;
}

/**
 * 1 when a user's `preference` is on, for a query that left-joins notification_preferences as `p`
 * (a user who never saved any has the defaults).
 */
export function preferenceIsOn(preference: PreferenceKey) {
  const column = PREFERENCE_COLUMNS[preference];
  return sql<number>`coalesce(${sql.ref(`p.${column}`)}, ${Number(DEFAULT_PREFERENCES[preference])})`;
}

/**
 * Users who get e-mail under `preference`: a confirmed address, an enabled account, and the
 * preference on (or never saved and on by default). `userIds` narrows them.
 */
export async function emailRecipients(
  executor: Executor,
  preference: PreferenceKey,
  userIds?: readonly number[],
): Promise<EmailRecipient[]> {
  if (userIds && userIds.length === 0) return [];
  let query = executor
    .selectFrom("users")
    .leftJoin("notification_preferences as p", "p.user_id", "users.id")
    .select(["users.id", "users.email", "users.username", "users.goated_id"])
    .where("users.email", "is not", null)
    .where("users.email_verified_at", "is not", null)
    .where("users.disabled_at", "is", null)
    .where(preferenceIsOn(preference), "=", 1);
  if (userIds) query = query.where("users.id", "in", userIds);
  const rows = await query.orderBy("users.id").execute();
  return rows.map((row) => ({
    userId: row.id,
    email: row.email as string,
    username: row.username,
    goatedId: row.goated_id,
  }));
}

/** The confirmed addresses of enabled `userIds`, whatever their preferences (admins' alerts). */
export async function confirmedAddresses(
  executor: Executor,
  userIds: readonly number[],
): Promise<{ userId: number; email: string }[]> {
  if (userIds.length === 0) return [];
  const rows = await executor
    .selectFrom("users")
    .select(["id", "email"])
    .where("id", "in", userIds)
    .where("email", "is not", null)
    .where("email_verified_at", "is not", null)
    .where("disabled_at", "is", null)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ userId: row.id, email: row.email as string }));
}

export interface OutgoingEmail {
  userId: number;
  to: string;
  kind: EmailKind;
  /** The preference that sends it (its unsubscribe turns it off); null for the confirmation mail. */
  preference: PreferenceKey | null;
  content: EmailContent;
  notificationId?: number;
  /** At most one message per key, ever (a statement per user and month, a race e-mail per user). */
  dedupeKey?: string;
}

/** The signed link that turns `preference` off for `userId`, signed out (GET shows, POST does). */
export async function unsubscribeUrl(
  userId: number,
  preference: PreferenceKey,
  now: Date,
): Promise<string> {
  const token = await signToken(
    "unsubscribe",
    { u: userId, p: preference },
    new Date(now.getTime() + UNSUBSCRIBE_LINK_TTL_MS),
  );
  return `${siteOrigin()}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** Renders and queues messages in the caller's transaction; returns how many were queued. */
export async function enqueueEmails(
  executor: Executor,
  emails: readonly OutgoingEmail[],
  now: Date = new Date(),
): Promise<number> {
  if (emails.length === 0) return 0;
  const origin = siteOrigin();
  const stamp = now.toISOString();
  const rows = await Promise.all(
    emails.map(async (email) => {
      const unsubscribe = email.preference
        ? {
            url: await unsubscribeUrl(email.userId, email.preference, now),
            preference: email.preference,
          }
        : undefined;
      const rendered = renderEmail(email.content, { siteOrigin: origin, unsubscribe });
      return {
        user_id: email.userId,
        notification_id: email.notificationId ?? null,
        to_address: email.to,
        subject: rendered.subject,
        text_body: rendered.text,
        html_body: rendered.html,
        kind: email.kind,
        preference: email.preference,
        unsubscribe_url: unsubscribe?.url ?? null,
        dedupe_key: email.dedupeKey ?? null,
        status: "queued" as const,
        attempts: 0,
        next_attempt_at: stamp,
        created_at: stamp,
      };
    }),
  );
  let queued = 0;
  // SQLite caps bound parameters per statement; 16 columns × 500 rows stays well under it.
  for (let i = 0; i < rows.length; i += 500) {
    const result = await executor
      .insertInto("email_outbox")
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.column("dedupe_key").doNothing())
      .executeTakeFirst();
    queued += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return queued;
}

/** A message as the transport sends it. */
export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  unsubscribeUrl: string | null;
}

export interface MailTransport {
  send(message: OutboxMessage): Promise<void>;
}

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
}

/**
 * One pass over the due messages: claim each, send it, record the outcome. `now` is read at each
 * step, so a test's clock decides what is due.
 */
export async function drainOutbox(
  transport: MailTransport,
  { now = () => new Date(), limit = 100 }: { now?: () => Date; limit?: number } = {},
): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
  result.failed += await abandonInterrupted("email_outbox", now());
  for (const id of await dueIds("email_outbox", now(), limit)) {
    const row = await claim("email_outbox", id, now());
    if (!row) continue;
    try {
      await transport.send({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        unsubscribeUrl: row.unsubscribe_url,
      });
      await markSent("email_outbox", id, now());
      result.sent += 1;
    } catch (error) {
      result[await recordFailure("email_outbox", row, errorText(error), now())] += 1;
    }
  }
  return result;
}
