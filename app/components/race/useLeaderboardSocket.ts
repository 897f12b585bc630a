import { useEffect, useRef } from "react";
import type { ServerMessage } from "~/realtime/messages";

/** Spec §4 and §9: on a close with any code other than 1000 the socket reconnects after 5 s. */
const RECONNECT_MS = 5000;

/** Listens to /ws/leaderboard while mounted and `enabled` (JavaScript only). */
export function useLeaderboardSocket(
  onMessage: (message: ServerMessage) => void,
  enabled = true,
): void {
  const handler = useRef(onMessage);
  handler.current = onMessage;

  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let unmounted = false;
    const connect = () => {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      socket = new WebSocket(`${scheme}://${location.host}/ws/leaderboard`);
      socket.onmessage = (event) => {
        try {
          handler.current(JSON.parse(String(event.data)) as ServerMessage);
        } catch {
          // A frame that is not JSON is not for us.
        }
      };
      socket.onclose = (event) => {
        if (!unmounted && event.code !== 1000) retry = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    return () => {
      unmounted = true;
      clearTimeout(retry);
      socket?.close(1000);
    };
  }, [enabled]);
}
