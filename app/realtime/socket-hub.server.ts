import { WebSocket, WebSocketServer } from "ws";
import { clientMessageSchema, serverMessage } from "./messages";
import type { ServerMessage } from "./messages";

/** Frames above this are refused (ws closes the socket with 1009). */
export const MAX_FRAME_BYTES = 64 * 1024;
export const HEARTBEAT_INTERVAL_MS = 30_000;
/** The close code for sockets whose session was ended (signed out or terminated). */
export const SESSION_ENDED_CLOSE_CODE = 4401;
/**
 * A client whose unsent data passes this is dropped (1013) rather than buffered for. About 128
 * leaderboard updates (8 KB each) or 16,000 PONGs: a client that reads at all never gets near it,
 * and 1,000 stalled clients cost at most 1 GB instead of growing without limit.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/**
 * Messages a client may send: 20 a second on average, up to 40 at once. The site's pages send a
 * PING now and then; 20/s leaves room for any honest client, and a socket that goes past it is
 * closed (1008) before its replies can pile up.
 */
export const MESSAGE_RATE = { perSecond: 20, burst: 40 };
/** How long a closed flooder has to answer the close before it is cut off. */
const CLOSE_GRACE_MS = 1000;

/** Who opened a socket: its session and that session's user. */
export interface SocketIdentity {
  sessionId: string;
  userId: number;
  isAdmin: boolean;
}

/**
 * A hub's handler of the client messages it takes besides PING: the parsed JSON (anything but a
 * PING), who sent it, and how to answer that socket alone. Without one, such messages get ERROR.
 */
export type ClientMessageHandler = (incoming: {
  payload: unknown;
  identity: SocketIdentity | null;
  reply: (message: ServerMessage) => void;
}) => void;

export interface SocketHub {
  readonly server: WebSocketServer;
  broadcast(message: ServerMessage): void;
  /** Sends to every socket opened by one of these users. */
  sendToUsers(userIds: readonly number[], message: ServerMessage): void;
  /** Sends to every socket opened by an admin. */
  sendToAdmins(message: ServerMessage): void;
  /** Sends once to every socket opened by one of these users or by an admin. */
  sendToUsersAndAdmins(userIds: readonly number[], message: ServerMessage): void;
  clientCount(): number;
  /** Remembers who opened a socket, so that ending the session closes it. */
  bindToIdentity(socket: WebSocket, identity: SocketIdentity): void;
  /** Who opened a socket; null for an anonymous one. */
  identityOf(socket: WebSocket): SocketIdentity | null;
  /** Closes the sockets opened by these sessions. */
  closeSessions(sessionIds: readonly string[]): void;
  /** Closes every client with 1001 (going away) and stops the heartbeat. */
  close(): Promise<void>;
}

/**
 * A set of websocket clients that are greeted, answered on PING, pinged every heartbeat and
 * dropped when they miss a pong. Upgrades are routed here by the upgrade router.
 */
export function createSocketHub({
  heartbeatMs = HEARTBEAT_INTERVAL_MS,
  maxBufferedBytes = MAX_BUFFERED_BYTES,
  messageRate = MESSAGE_RATE,
  onMessage,
}: {
  heartbeatMs?: number;
  maxBufferedBytes?: number;
  messageRate?: { perSecond: number; burst: number };
  onMessage?: ClientMessageHandler;
} = {}): SocketHub {
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const answeredLastPing = new WeakMap<WebSocket, boolean>();
  const identities = new WeakMap<WebSocket, SocketIdentity>();

  /** Sends a frame unless the client has stopped reading, in which case it is dropped. */
  const sendFrame = (socket: WebSocket, frame: string) => {
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > maxBufferedBytes) {
      // The close frame would wait behind what is buffered: cut the connection now.
      socket.close(1013, "Not reading");
      socket.terminate();
      return;
    }
    socket.send(frame);
  };
  const send = (socket: WebSocket, message: ServerMessage) =>
    sendFrame(socket, JSON.stringify(message));

  server.on("connection", (socket) => {
    answeredLastPing.set(socket, true);
    const takeMessage = messageAllowance(messageRate);
    socket.on("pong", () => answeredLastPing.set(socket, true));
    socket.on("error", () => socket.terminate());
    socket.on("message", (data, isBinary) => {
      // Frames that arrive after the close are not answered.
      if (socket.readyState !== WebSocket.OPEN) return;
      if (!takeMessage(Date.now())) {
        socket.close(1008, "Too many messages");
        setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
        return;
      }
      const payload = isBinary ? undefined : parseJson(data.toString());
      if (clientMessageSchema.safeParse(payload).success) {
        send(socket, serverMessage("PONG", {}));
      } else if (onMessage && payload !== undefined) {
        onMessage({
          payload,
          identity: identities.get(socket) ?? null,
          reply: (message) => send(socket, message),
        });
      } else {
        send(socket, serverMessage("ERROR", { message: "Unsupported message" }));
      }
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

  /** Sends one frame to every client the predicate picks by its identity. */
  const sendWhere = (
    picks: (identity: SocketIdentity | undefined) => boolean,
    message: ServerMessage,
  ) => {
    const frame = JSON.stringify(message);
    for (const socket of server.clients)
      if (picks(identities.get(socket))) sendFrame(socket, frame);
  };

  return {
    server,
    broadcast: (message) => sendWhere(() => true, message),
    sendToUsers(userIds, message) {
      const users = new Set(userIds);
      sendWhere((identity) => identity !== undefined && users.has(identity.userId), message);
    },
    sendToAdmins: (message) => sendWhere((identity) => identity?.isAdmin === true, message),
    sendToUsersAndAdmins(userIds, message) {
      const users = new Set(userIds);
      sendWhere(
        (identity) => identity !== undefined && (identity.isAdmin || users.has(identity.userId)),
        message,
      );
    },
    clientCount: () => server.clients.size,
    bindToIdentity: (socket, identity) => identities.set(socket, identity),
    identityOf: (socket) => identities.get(socket) ?? null,
    closeSessions(sessionIds) {
      const ended = new Set(sessionIds);
      for (const socket of server.clients) {
        const sessionId = identities.get(socket)?.sessionId;
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

/**
 * A token bucket: `burst` messages at once, refilled at `perSecond`. Returns the function that
 * takes one message's token at a given instant (ms), false when none is left.
 */
function messageAllowance({ perSecond, burst }: { perSecond: number; burst: number }) {
  let tokens = burst;
  let refilledAt = Date.now();
  return (now: number): boolean => {
    tokens = Math.min(burst, tokens + ((now - refilledAt) / 1000) * perSecond);
    refilledAt = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** The frame's JSON, or undefined when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
