import type { PanelFigure, TokenSource } from "~/domain/admin-panel";
import { tokenStatusText } from "~/domain/admin-panel";
import { readProviderConfig } from "~/lib/provider-config.server";
import { db } from "./db.server";
import { latestProviderToken } from "./provider-tokens.server";
import { unreadSupportConversations } from "./support-chat.server";

async function count(query: Promise<{ n: number | string | bigint } | undefined>): Promise<string> {
  return Number((await query)?.n ?? 0).toLocaleString("en-US");
}

async function tokenSource(): Promise<TokenSource> {
  if (readProviderConfig().GOATED_API_TOKEN) return "environment";
  return (await latestProviderToken()) ? "saved" : "none";
}

/**
 * The panel's live figures, from the database; null where the data does not exist yet (the
 * notifications are a later issue).
 */
export async function panelFigures(
  now: Date = new Date(),
): Promise<Record<PanelFigure, string | null>> {
  const [users, liveRaces, activeCodes, playersSynced, source, unreadSupport] = await Promise.all([
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
    tokenSource(),
    unreadSupportConversations(),
  ]);
  return {
    users,
    liveRaces,
    activeCodes,
    playersSynced,
    tokenStatus: tokenStatusText(source),
    notificationsThisMonth: null,
    unreadSupport: unreadSupport.toLocaleString("en-US"),
  };
}
