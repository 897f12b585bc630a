import type { IncomingMessage } from "node:http";
import { findSessionUser } from "~/services/sessions.server";
import { eventBus } from "./event-bus";
import { createSocketHub } from "./socket-hub";
import { createUpgradeRouter } from "./upgrade-router";
import type { UpgradeLimits } from "./upgrade-router";

/**
 * The websocket endpoints that share the site's http server:
 * - /ws/leaderboard: anyone; receives what is published on "leaderboard.broadcast";
 * - /ws/chat: the support chat, only for a signed-in session.
 * A socket opened with a session is closed when that session ends.
 */
export function startRealtime({
  publicOrigin,
  maxSocketsPerAddress,
}: { publicOrigin: string | null } & Pick<UpgradeLimits, "maxSocketsPerAddress">) {
  const leaderboard = createSocketHub();
  const chat = createSocketHub();
  const subscriptions = [
    eventBus.subscribe("leaderboard.broadcast", (message) => leaderboard.broadcast(message)),
    eventBus.subscribe("session.ended", ({ sessionIds }) => {
      leaderboard.closeSessions(sessionIds);
      chat.closeSessions(sessionIds);
    }),
  ];
  const identify = async (request: IncomingMessage) =>
    (await findSessionUser(request.headers.cookie))?.sessionId ?? null;
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
