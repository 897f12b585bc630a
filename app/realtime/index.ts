import type { IncomingMessage } from "node:http";
import { eventBus } from "~/lib/event-bus.server";
import { findSessionUserByHeaders } from "~/services/sessions.server";
import { handleChatMessage, wireChatHub } from "./chat";
import { leaderboardUpdateMessage, raceCompletedMessage } from "./messages";
import { createSocketHub } from "./socket-hub";
import type { SocketIdentity } from "./socket-hub";
import { createUpgradeRouter } from "./upgrade-router";
import type { UpgradeLimits } from "./upgrade-router";

/**
 * The websocket endpoints that share the site's http server:
 * - /ws/leaderboard: anyone; told of leaderboard updates and completed races (domain events);
 * - /ws/chat: the support chat, only for a signed-in session (cookie or Bearer): chat messages,
 *   typing and read markers (./chat.ts).
 * A socket opened with a session is closed when that session ends.
 */
export function startRealtime({
  publicOrigin,
  maxSocketsPerAddress,
}: { publicOrigin: string | null } & Pick<UpgradeLimits, "maxSocketsPerAddress">) {
  const leaderboard = createSocketHub();
  const chat = createSocketHub({ onMessage: handleChatMessage });
  const subscriptions = [
    eventBus.subscribe("leaderboard.updated", (event) =>
      leaderboard.broadcast(leaderboardUpdateMessage(event)),
    ),
    eventBus.subscribe("race.completed", (event) =>
      leaderboard.broadcast(raceCompletedMessage(event)),
    ),
    eventBus.subscribe("sessions.ended", ({ sessionIds }) => {
      leaderboard.closeSessions(sessionIds);
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
      "/ws/chat": { hub: chat, identify, sessionRequired: true },
    },
    publicOrigin,
    { maxSocketsPerAddress },
  );

  return {
    handleUpgrade: router.handleUpgrade,
    async close() {
      for (const unsubscribe of subscriptions) unsubscribe();
      await Promise.all([leaderboard.close(), chat.close()]);
    },
  };
}
