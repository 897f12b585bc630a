import { useEffect, useRef } from "react";
import type { ServerMessage } from "./messages";

/** The reconnect delay after a close with any code other than 1000 (docs/product.md §P4). */
const RECONNECT_DELAY_MS = 5_000;

/**
 * Keeps a socket to one of the site's websocket endpoints (`path`, such as /ws/leaderboard) open
 * while the component is mounted and `enabled` (so only with JavaScript), handing every message
 * to `onMessage`. A close other than a normal one (1000) reconnects after 5 s; unmounting closes
 * normally.
 */
export function useServerSocket(
  path: string,
  onMessage: (message: ServerMessage) => void,
  enabled = true,
): void {
  const latest = useRef(onMessage);
  useEffect(() => {
    latest.current = onMessage;
  });

  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let unmounted = false;

    const connect = () => {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      socket = new WebSocket(`${scheme}://${location.host}${path}`);
      socket.onmessage = (event) => {
        if (typeof event.data !== "string") return;
        let message: ServerMessage;
        try {
          message = JSON.parse(event.data) as ServerMessage;
        } catch {
          return; // a frame that is not JSON is not for us
        }
        latest.current(message);
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
  }, [path, enabled]);
}

/**
 * The socket to /ws/leaderboard: the home page, /leaderboard and the race boards all listen
 * through it.
 */
export function useLeaderboardSocket(
  onMessage: (message: ServerMessage) => void,
  enabled = true,
): void {
  useServerSocket("/ws/leaderboard", onMessage, enabled);
}
