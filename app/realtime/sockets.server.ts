import type { IncomingMessage } from "node:http";
import type { DomainEvents } from "~/domain/events";
import type { NotificationView } from "~/domain/notifications";
import { eventBus } from "~/server/domain-event-bus.server";
import { logger } from "~/server/logger.server";
import { exposeWebsocketClients } from "~/server/metrics.server";
import { unreadCounts } from "~/services/notifications/notifications.server";
import { findSessionUserByHeaders } from "~/services/auth/sessions.server";
import { handleChatMessage, wireChatHub } from "./chat.server";
import { leaderboardUpdateMessage, raceCompletedMessage, serverMessage } from "./messages";
import { createSocketHub } from "./socket-hub.server";
import type { SocketHub, SocketIdentity } from "./socket-hub.server";
import { createUpgradeRouter } from "./upgrade-router.server";
import type { UpgradeLimits } from "./upgrade-router.server";

/**
 * The websocket endpoints that share the site's http server:
 * - /ws/leaderboard: anyone; told of leaderboard updates and completed races (domain events);
 * - /ws/notifications: a signed-in session; told of its user's new notifications
 *   (docs/decisions/0024-notifications-inbox.md);
 * - /ws/chat: the support chat, only for a signed-in session (cookie or Bearer): chat messages,
 *   typing and read markers (./chat.ts).
 * A socket opened with a session is closed when that session ends.
 */
export function startRealtime({
  publicOrigin,
  maxSocketsPerAddress,
}: { publicOrigin: string | null } & Pick<UpgradeLimits, "maxSocketsPerAddress">) {
  const leaderboard = createSocketHub();
  const notifications = createSocketHub();
  const chat = createSocketHub({ onMessage: handleChatMessage });
  // One push at a time, in the events' order: each reads unread counts from the database, and two
  // reads finishing out of order (PostgreSQL's pool) sent a user an older notification last.
  let pushing: Promise<void> = Promise.resolve();
  const subscriptions = [
    eventBus.subscribe("leaderboard.updated", (event) =>
      leaderboard.broadcast(leaderboardUpdateMessage(event)),
    ),
    eventBus.subscribe("race.completed", (event) =>
      leaderboard.broadcast(raceCompletedMessage(event)),
    ),
    eventBus.subscribe("notifications.created", (event) => {
      pushing = pushing
        .then(() => pushNotifications(notifications, event))
        .catch((error: unknown) => logger.error({ err: error }, "pushing notifications failed"));
    }),
    eventBus.subscribe("sessions.ended", ({ sessionIds }) => {
      leaderboard.closeSessions(sessionIds);
      notifications.closeSessions(sessionIds);
      chat.closeSessions(sessionIds);
    }),
    ...wireChatHub(chat),
  ];
  const identify = async (request: IncomingMessage): Promise<SocketIdentity | null> => {
    const user = await findSessionUserByHeaders({
      authorization: request.headers.authorization,
      cookie: request.headers.cookie,
    });
    return user && { sessionId: user.sessionId, userId: user.userId, isAdmin: user.isAdmin };
  };
  const router = createUpgradeRouter(
    {
      "/ws/leaderboard": { hub: leaderboard, identify },
      "/ws/notifications": { hub: notifications, identify, sessionRequired: true },
      "/ws/chat": { hub: chat, identify, sessionRequired: true },
    },
    publicOrigin,
    { maxSocketsPerAddress },
  );
  exposeWebsocketClients({
    "/ws/leaderboard": leaderboard,
    "/ws/notifications": notifications,
    "/ws/chat": chat,
  });

  return {
    handleUpgrade: router.handleUpgrade,
    async close() {
      for (const unsubscribe of subscriptions) unsubscribe();
      await Promise.all([leaderboard.close(), notifications.close(), chat.close()]);
    },
  };
}

/**
 * Sends each user with an open page their new notifications and unread count, in one message.
 * Users without a socket cost nothing: a broadcast to every user counts only those online.
 */
async function pushNotifications(
  hub: SocketHub,
  { notifications }: DomainEvents["notifications.created"],
): Promise<void> {
  const online = new Set<number>();
  for (const socket of hub.server.clients) {
    const userId = hub.identityOf(socket)?.userId;
    if (userId !== undefined) online.add(userId);
  }
  const byUser = new Map<number, NotificationView[]>();
  for (const notification of notifications) {
    if (!online.has(notification.userId)) continue;
    const list = byUser.get(notification.userId) ?? [];
    list.push(notification);
    byUser.set(notification.userId, list);
  }
  if (byUser.size === 0) return;
  const counts = await unreadCounts([...byUser.keys()]);
  for (const [userId, list] of byUser) {
    const unreadCount = counts.get(userId) ?? list.length;
    hub.sendToUsers(
      [userId],
      serverMessage("NOTIFICATIONS", { data: { notifications: list, unreadCount } }),
    );
  }
}
