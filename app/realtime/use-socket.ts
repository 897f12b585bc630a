import { useCallback, useEffect, useRef } from "react";
import type { ServerMessage } from "./messages";

/** The reconnect delay after a close with any code other than 1000 (docs/product.md §P4). */
const RECONNECT_DELAY_MS = 5_000;

/**
 * Keeps a socket to one of our endpoints (`path`, e.g. "/ws/leaderboard") open while the
 * component is mounted and `enabled` (so only with JavaScript), handing every message to
 * `onMessage`. A close other than a normal one (1000) reconnects after 5 s; unmounting closes
 * normally. Returns `send`, which
 * sends a JSON message and says whether the socket was open to take it.
 */
export function useSocket(
  path: string,
  onMessage: (message: ServerMessage) => void,
  enabled = true,
): (message: unknown) => boolean {
  const latest = useRef(onMessage);
  const current = useRef<WebSocket | null>(null);
  useEffect(() => {
    latest.current = onMessage;
  });

  useEffect(() => {
    if (!enabled) return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let unmounted = false;

    const connect = () => {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      const socket = new WebSocket(`${scheme}://${location.host}${path}`);
      current.current = socket;
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
      current.current?.close(1000);
      current.current = null;
    };
  }, [path, enabled]);

  return useCallback((message: unknown) => {
    const socket = current.current;
    if (socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }, []);
}
