import type { IncomingMessage } from "node:http";
import { findSessionUser } from "~/services/sessions.server";
import { eventBus } from "./event-bus";
import { createSocketHub } from "./socket-hub";
import { createUpgradeRouter } from "./upgrade-router";

/**
 * The websocket endpoints that share the site's http server:
 * - /ws/leaderboard: anyone; receives what is published on "leaderboard.broadcast";
 * - /ws/chat: the support chat, only for a signed-in session.
 */
export function startRealtime({ publicOrigin }: { publicOrigin: string | null }) {
  const leaderboard = createSocketHub();
  const chat = createSocketHub();
  const unsubscribe = eventBus.subscribe("leaderboard.broadcast", (message) =>
    leaderboard.broadcast(message),
  );
  const router = createUpgradeRouter(
    {
      "/ws/leaderboard": { hub: leaderboard },
      "/ws/chat": {
        hub: chat,
        authorize: async (request: IncomingMessage) =>
          (await findSessionUser(request.headers.cookie)) !== null,
      },
    },
    publicOrigin,
  );

  return {
    handleUpgrade: router.handleUpgrade,
    async close() {
      unsubscribe();
      await Promise.all([leaderboard.close(), chat.close()]);
    },
  };
}
