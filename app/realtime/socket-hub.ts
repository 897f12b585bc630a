import { WebSocket, WebSocketServer } from "ws";
import { clientMessageSchema, serverMessage } from "./messages";
import type { ServerMessage } from "./messages";

/** Frames above this are refused (ws closes the socket with 1009). */
export const MAX_FRAME_BYTES = 64 * 1024;
export const HEARTBEAT_INTERVAL_MS = 30_000;
/** The close code for sockets whose session was ended (signed out or terminated). */
export const SESSION_ENDED_CLOSE_CODE = 4401;

export interface SocketHub {
  readonly server: WebSocketServer;
  broadcast(message: ServerMessage): void;
  clientCount(): number;
  /** Remembers which session opened a socket, so that ending the session closes it. */
  bindToSession(socket: WebSocket, sessionId: string): void;
  /** Closes the sockets opened by these sessions. */
  closeSessions(sessionIds: readonly string[]): void;
  /** Closes every client with 1001 (going away) and stops the heartbeat. */
  close(): Promise<void>;
}

/**
 * A set of websocket clients that are greeted, answered on PING, pinged every heartbeat and
 * dropped when they miss a pong. Upgrades are routed here by the upgrade router.
 */
export function createSocketHub({ heartbeatMs = HEARTBEAT_INTERVAL_MS } = {}): SocketHub {
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const answeredLastPing = new WeakMap<WebSocket, boolean>();
  const sessionOf = new WeakMap<WebSocket, string>();

  const send = (socket: WebSocket, message: ServerMessage) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  server.on("connection", (socket) => {
    answeredLastPing.set(socket, true);
    socket.on("pong", () => answeredLastPing.set(socket, true));
    socket.on("error", () => socket.terminate());
    socket.on("message", (data, isBinary) => {
      const parsed = isBinary ? null : parseClientMessage(data.toString());
      if (parsed?.type === "PING") send(socket, serverMessage("PONG", {}));
      else send(socket, serverMessage("ERROR", { message: "Unsupported message" }));
    });
    send(socket, serverMessage("CONNECTED", {}));
  });

  const heartbeat = setInterval(() => {
    for (const socket of server.clients) {
      if (!answeredLastPing.get(socket)) {
        socket.terminate();
        continue;
      }
      answeredLastPing.set(socket, false);
      socket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();

  return {
    server,
    broadcast(message) {
      const frame = JSON.stringify(message);
      for (const socket of server.clients) {
        if (socket.readyState === WebSocket.OPEN) socket.send(frame);
      }
    },
    clientCount: () => server.clients.size,
    bindToSession: (socket, sessionId) => sessionOf.set(socket, sessionId),
    closeSessions(sessionIds) {
      const ended = new Set(sessionIds);
      for (const socket of server.clients) {
        const sessionId = sessionOf.get(socket);
        if (sessionId !== undefined && ended.has(sessionId)) {
          socket.close(SESSION_ENDED_CLOSE_CODE, "Session ended");
        }
      }
    },
    close() {
      clearInterval(heartbeat);
      const closed = [...server.clients].map(
        (socket) =>
          new Promise<void>((resolve) => {
            socket.once("close", () => resolve());
            socket.close(1001, "Server shutting down");
            // A client that never answers the close handshake is cut off.
            setTimeout(() => socket.terminate(), 2000).unref();
          }),
      );
      return Promise.all(closed).then(
        () => new Promise<void>((resolve) => server.close(() => resolve())),
      );
    },
  };
}

function parseClientMessage(text: string) {
  try {
    const result = clientMessageSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
