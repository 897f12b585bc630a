import { backupCard } from "~/domain/admin-panel";
import type { BackupCard, PanelFigure } from "~/domain/admin-panel";
import { readServerConfig } from "~/server/config.server";
import { backupStatus } from "~/services/operations/backup.server";
import {
  describeRefusal,
  PROVIDER_SOURCE_LABELS,
  TOKEN_READ_FAILED,
} from "~/domain/provider-token";
import { db } from "~/services/db.server";
import { broadcastsThisMonth } from "~/services/notifications/notification-broadcasts.server";
import { providerOverview } from "./provider-tokens.server";
import { unreadSupportConversations } from "~/services/support/support-chat.server";

async function count(query: Promise<{ n: number | string | bigint } | undefined>): Promise<string> {
  return Number((await query)?.n ?? 0).toLocaleString("en-US");
}

/**
 * The API Tokens card's status, in the words of the API-token page's banners (never 'Token Valid'
 * for a token the provider refuses), and its note: the source in force and the refusal, if any.
 */
export async function panelProviderStatus(
  now: Date = new Date(),
): Promise<{ title: string; note: string }> {
  const { source, health } = await providerOverview(now);
  const inForce = `In force: ${PROVIDER_SOURCE_LABELS[source]}.`;
  if (!health) return { title: TOKEN_READ_FAILED, note: inForce };
  return {
    title: health.title,
    note: health.refusal ? `${inForce} ${describeRefusal(health.refusal)}` : inForce,
  };
}

async function tokenStatus(now: Date): Promise<string> {
  return (await panelProviderStatus(now)).title;
}

/** The panel's live figures, from the database. */
export async function panelFigures(now: Date = new Date()): Promise<Record<PanelFigure, string>> {
  const [
    users,
    liveRaces,
    activeCodes,
    playersSynced,
    tokenStatusTitle,
    broadcasts,
    unreadSupport,
  ] = await Promise.all([
    count(
      db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom("races")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("status", "=", "live")
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom("bonus_codes")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("expires_at", ">", now.toISOString())
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom("players")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst(),
    ),
    tokenStatus(now),
    broadcastsThisMonth(now),
    unreadSupportConversations(),
  ]);
  return {
    users,
    liveRaces,
    activeCodes,
    playersSynced,
    tokenStatus: tokenStatusTitle,
    notificationsThisMonth: broadcasts.toLocaleString("en-US"),
    unreadSupport: unreadSupport.toLocaleString("en-US"),
  };
}

/** The Backups card, from backup_runs and BACKUP_INTERVAL_HOURS. */
export async function panelBackupCard(now: Date = new Date()): Promise<BackupCard> {
  const intervalHours = readServerConfig().BACKUP_INTERVAL_HOURS;
  const { lastRun, health } = await backupStatus(intervalHours, now);
  return backupCard({
    health,
    lastRunFailure: lastRun?.outcome === "failure" ? lastRun.error : null,
    intervalHours,
    now,
  });
}
