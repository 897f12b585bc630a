import { useEffect, useRef } from "react";
import type { LeaderboardSnapshot } from "~/domain/leaderboard";
import type { ServerMessage } from "~/realtime/messages";

/** The spec's reconnect delay after a close with any code other than 1000 (public-site §4). */
export const RECONNECT_DELAY_MS = 5_000;

/**
 * Keeps a socket to /ws/leaderboard open while the component is mounted and hands every
 * LEADERBOARD_UPDATE to `onUpdate`. A close other than a normal one (1000) reconnects after 5 s;
 * unmounting closes normally.
 */
export function useLeaderboardUpdates(onUpdate: (snapshot: LeaderboardSnapshot) => void): void {
  const latest = useRef(onUpdate);
  useEffect(() => {
    latest.current = onUpdate;
  });

  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let unmounted = false;

    const connect = () => {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      socket = new WebSocket(`${scheme}://${location.host}/ws/leaderboard`);
      socket.onmessage = (event) => {
        if (typeof event.data !== "string") return;
        let message: ServerMessage;
        try {
          message = JSON.parse(event.data) as ServerMessage;
        } catch {
          return;
        }
        if (message.type === "LEADERBOARD_UPDATE") latest.current(message.data);
      };
      socket.onclose = (event) => {
        if (unmounted || event.code === 1000) return;
        retry = setTimeout(connect, RECONNECT_DELAY_MS);
      };
    };
    connect();

    return () => {
      unmounted = true;
      clearTimeout(retry);
      socket?.close(1000);
    };
  }, []);
}
