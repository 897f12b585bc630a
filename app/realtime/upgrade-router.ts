import { STATUS_CODES } from "node:http";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { isSameOriginRequest } from "~/lib/same-origin";
import type { SocketHub } from "./socket-hub";

export interface SocketRoute {
  hub: SocketHub;
  /** The session an upgrade carries (its id), or null; absent means sessions do not matter. */
  identify?: (request: IncomingMessage) => Promise<string | null>;
  /** Refuse upgrades that carry no live session. */
  sessionRequired?: boolean;
}

export type UpgradeDecision =
  | { accept: true; route: SocketRoute; sessionId: string | null }
  | { accept: false; status: 401 | 403 | 404; message: string };

/**
 * Routes websocket upgrades of the http server by path: only the listed paths, only from the
 * site's own origin, and only for whom the route authorizes.
 */
export function createUpgradeRouter(
  routes: Record<string, SocketRoute>,
  publicOrigin: string | null,
) {
  async function decide(request: IncomingMessage): Promise<UpgradeDecision> {
    const { pathname } = new URL(request.url ?? "/", "http://placeholder.invalid");
    const route = routes[pathname];
    if (!route) return { accept: false, status: 404, message: "No websocket endpoint here" };
    const sameOrigin = isSameOriginRequest(
      {
        origin: request.headers.origin,
        host: request.headers.host,
        secFetchSite: header(request, "sec-fetch-site"),
      },
      publicOrigin,
    );
    if (!sameOrigin) {
      return {
        accept: false,
        status: 403,
        message: "Websocket connections from other sites are refused",
      };
    }
    const sessionId = route.identify ? await route.identify(request) : null;
    if (route.sessionRequired && sessionId === null) {
      return { accept: false, status: 401, message: "Sign in to use this connection" };
    }
    return { accept: true, route, sessionId };
  }

  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on("error", () => socket.destroy());
    decide(request)
      .then((decision) => {
        if (!decision.accept) return refuse(socket, decision.status, decision.message);
        const { hub } = decision.route;
        hub.server.handleUpgrade(request, socket, head, (client) => {
          if (decision.sessionId !== null) hub.bindToSession(client, decision.sessionId);
          hub.server.emit("connection", client, request);
        });
      })
      .catch((error: unknown) => {
        console.error("websocket upgrade failed", error);
        refuse(socket, 500, "Internal error");
      });
  }

  return { decide, handleUpgrade };
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function refuse(socket: Duplex, status: number, message: string): void {
  const body = `${message}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      "Connection: close\r\n" +
      "Content-Type: text/plain; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
