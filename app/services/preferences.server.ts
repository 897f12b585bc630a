import type { NotificationPreferences } from "~/domain/account-forms";
import { db } from "./db.server";

/** Before a user saves any: race and VIP news on, marketing and statements off. */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  wagerRaceUpdates: true,
  vipStatusChanges: true,
  promotionalOffers: false,
  monthlyStatements: false,
};

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

export async function savePreferences(
  userId: number,
  preferences: NotificationPreferences,
  now: Date = new Date(),
): Promise<void> {
  const values = {
    wager_race_updates: Number(preferences.wagerRaceUpdates),
    vip_status_changes: Number(preferences.vipStatusChanges),
    promotional_offers: Number(preferences.promotionalOffers),
    monthly_statements: Number(preferences.monthlyStatements),
    updated_at: now.toISOString(),
  };
  await db
    .insertInto("notification_preferences")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}
