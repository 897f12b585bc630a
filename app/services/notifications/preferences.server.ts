import { DEFAULT_PREFERENCES, PREFERENCE_COLUMNS, PREFERENCE_KEYS } from "~/domain/account-forms";
import type { NotificationPreferences } from "~/domain/account-forms";
import { db } from "~/services/db.server";
import { requestVerification } from "~/services/email/verification.server";

export async function getPreferences(userId: number): Promise<NotificationPreferences> {
  const row = await db
    .selectFrom("notification_preferences")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return DEFAULT_PREFERENCES;
  return {
    wagerRaceUpdates: row.wager_race_updates === 1,
    vipStatusChanges: row.vip_status_changes === 1,
    promotionalOffers: row.promotional_offers === 1,
    monthlyStatements: row.monthly_statements === 1,
  };
}

/**
 * Saves the four preferences. Turning one on while the address is unconfirmed queues the
 * confirmation e-mail in the same transaction (e-mail goes only to confirmed addresses); the
 * answer says whether one was queued.
 */
export async function savePreferences(
  userId: number,
  preferences: NotificationPreferences,
  now: Date = new Date(),
): Promise<{ verificationQueued: boolean }> {
  const values = {
    wager_race_updates: Number(preferences.wagerRaceUpdates),
    vip_status_changes: Number(preferences.vipStatusChanges),
    promotional_offers: Number(preferences.promotionalOffers),
    monthly_statements: Number(preferences.monthlyStatements),
    updated_at: now.toISOString(),
  };
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("notification_preferences")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirst();
    await trx
      .insertInto("notification_preferences")
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
      .execute();
    const turnedOn = PREFERENCE_KEYS.some((key) => {
      const was = before ? before[PREFERENCE_COLUMNS[key]] === 1 : DEFAULT_PREFERENCES[key];
      return preferences[key] && !was;
    });
    if (!turnedOn) return { verificationQueued: false };
    return { verificationQueued: (await requestVerification(trx, userId, now)) === "queued" };
  });
}
