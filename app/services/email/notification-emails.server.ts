import type { PreferenceKey } from "~/domain/account-forms";
import { ADMIN_ALERT_KINDS, EMAIL_PREFERENCE_OF_NOTIFICATION } from "~/domain/email";
import { notificationEmail } from "~/domain/email-templates";
import type { NotificationView } from "~/domain/notifications";
import { rankFor } from "~/domain/rank";
import { siteOrigin } from "~/server/config.server";
import { linkedAllTime } from "~/services/players/player-queries.server";
import { confirmedAddresses, emailRecipients, enqueueEmails } from "./outbox.server";
import type { OutgoingEmail } from "./outbox.server";
import type { Executor } from "~/services/db.server";

/**
 * The e-mail copies of in-app notifications, queued by addNotifications in its transaction: a
 * kind that maps to a preference (EMAIL_PREFERENCE_OF_NOTIFICATION) is e-mailed to each of its
 * users who have that preference on and a confirmed address; an admin alert (ADMIN_ALERT_KINDS)
 * to each confirmed address. Returns how many were queued.
 */
export async function enqueueNotificationEmails(
  executor: Executor,
  notifications: readonly NotificationView[],
  now: Date,
): Promise<number> {
  const origin = siteOrigin();
  const emails: OutgoingEmail[] = [];
  const byPreference = new Map<PreferenceKey, NotificationView[]>();
  for (const n of notifications) {
    const preference = EMAIL_PREFERENCE_OF_NOTIFICATION[n.kind];
    if (preference) byPreference.set(preference, [...(byPreference.get(preference) ?? []), n]);
  }
  for (const [preference, entries] of byPreference) {
    const recipients = await emailRecipients(executor, preference, [
      ...new Set(entries.map((n) => n.userId)),
    ]);
    const byUser = new Map(recipients.map((r) => [r.userId, r]));
    const wagered = await linkedAllTime(
      recipients.flatMap(({ userId, goatedId }) => (goatedId ? [{ userId, goatedId }] : [])),
      executor,
    );
    for (const n of entries) {
      const recipient = byUser.get(n.userId);
      if (!recipient) continue;
      const allTime = wagered.get(n.userId);
      const rank = n.kind === "rank_up" && allTime !== undefined ? rankFor(allTime) : null;
      emails.push({
        userId: n.userId,
        to: recipient.email,
        kind: n.kind,
        preference,
        notificationId: n.id,
        content: notificationEmail(
          n,
          origin,
          rank
            ? { url: `${origin}/ranks/${rank.name.toLowerCase()}.svg`, rankName: rank.name }
            : undefined,
        ),
      });
    }
  }
  const alerts = notifications.filter((n) => ADMIN_ALERT_KINDS.has(n.kind));
  const addresses = new Map(
    (await confirmedAddresses(executor, [...new Set(alerts.map((n) => n.userId))])).map((r) => [
      r.userId,
      r.email,
    ]),
  );
  for (const n of alerts) {
    const to = addresses.get(n.userId);
    if (to) {
      const content = notificationEmail(n, origin);
      emails.push({
        userId: n.userId,
        to,
        kind: n.kind,
        preference: null,
        notificationId: n.id,
        content,
      });
    }
  }
  return enqueueEmails(executor, emails, now);
}
