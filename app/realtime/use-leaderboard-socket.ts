import type { ServerMessage } from "./messages";
import { useSocket } from "./use-socket";

/**
 * Listens on /ws/leaderboard while mounted and `enabled` (reconnecting as useSocket does). The
 * one client of that endpoint: the home page, /leaderboard and the race boards all listen
 * through it.
 */
export function useLeaderboardSocket(
  onMessage: (message: ServerMessage) => void,
  enabled = true,
): void {
  useSocket("/ws/leaderboard", onMessage, enabled);
}
