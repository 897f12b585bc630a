import { PREFERENCE_KEYS } from "~/domain/account-forms";
import type { PreferenceKey } from "~/domain/account-forms";
import { readToken } from "~/server/signed-token.server";
import { db } from "~/services/db.server";
import { PREFERENCE_COLUMNS } from "~/domain/account-forms";
import { getPreferences } from "~/services/notifications/preferences.server";

/**
 * One-click unsubscribe (RFC 8058), signed out: the link in every e-mail names the user and the
 * preference it turns off, signed (app/server/signed-token.server.ts).
 */

export type UnsubscribeLink =
  | { ok: true; userId: number; preference: PreferenceKey }
  | { ok: false; reason: "invalid" | "expired" };

export async function readUnsubscribeLink(
  token: string,
  now: Date = new Date(),
): Promise<UnsubscribeLink> {
  const check = await readToken("unsubscribe", token, now);
  if (!check.ok) return check;
  const { u, p } = check.data;
  if (typeof u !== "number" || !PREFERENCE_KEYS.includes(p as PreferenceKey)) {
    return { ok: false, reason: "invalid" };
  }
  return { ok: true, userId: u, preference: p as PreferenceKey };
}

/** Turns the link's preference off, leaving the others as they are. */
export async function unsubscribe(
  link: { userId: number; preference: PreferenceKey },
  now: Date = new Date(),
): Promise<void> {
  // A deleted account has nothing left to turn off.
  const user = await db
    .selectFrom("users")
    .select("id")
    .where("id", "=", link.userId)
    .executeTakeFirst();
  if (!user) return;
  const current = await getPreferences(link.userId);
  const off = { ...current, [link.preference]: false };
  const values = Object.fromEntries(
    PREFERENCE_KEYS.map((key) => [PREFERENCE_COLUMNS[key], Number(off[key])]),
  ) as Record<(typeof PREFERENCE_COLUMNS)[PreferenceKey], number>;
  await db
    .insertInto("notification_preferences")
    .values({ user_id: link.userId, ...values, updated_at: now.toISOString() })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({
        [PREFERENCE_COLUMNS[link.preference]]: 0,
        updated_at: now.toISOString(),
      }),
    )
    .execute();
}
