import { STATUS_CODES } from "node:http";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { clientAddress } from "~/http/client-address.server";
import { isSameOriginRequest } from "~/lib/same-origin";
import type { SocketHub, SocketIdentity } from "./socket-hub.server";
import { logger } from "~/server/logger.server";

export interface SocketRoute {
  hub: SocketHub;
  /** Who an upgrade's session is, or null; absent means sessions do not matter. */
  identify?: (request: IncomingMessage) => Promise<SocketIdentity | null>;
  /** Refuse upgrades that carry no live session. */
  sessionRequired?: boolean;
}

/**
 * Open sockets one client address may hold, all endpoints together. A browser opens one per tab;
 * 50 covers a household or an office behind one address, and keeps one address from holding
 * thousands of idle sockets. WS_MAX_SOCKETS_PER_ADDRESS changes it (the bench raises it: its
 * 5,000 clients all come from 127.0.0.1).
 */
export const MAX_SOCKETS_PER_ADDRESS = 50;
export const TOO_MANY_SOCKETS_MESSAGE = "Too many open connections from your address";

export interface UpgradeLimits {
  maxSocketsPerAddress?: number;
  /** Who the client is (the http side's rule by default: X-Forwarded-For from a local proxy). */
  addressOf?: (request: IncomingMessage) => string;
}

export type UpgradeDecision =
  | { accept: true; route: SocketRoute; identity: SocketIdentity | null }
  | { accept: false; status: 401 | 403 | 404; message: string };

/**
 * Routes websocket upgrades of the http server by path: only the listed paths, only from the
 * site's own origin, only for whom the route authorizes, and only up to a number of open sockets
 * per client address (429 beyond it).
 */
export function createUpgradeRouter(
  routes: Record<string, SocketRoute>,
  publicOrigin: string | null,
  { maxSocketsPerAddress = MAX_SOCKETS_PER_ADDRESS, addressOf = clientAddress }: UpgradeLimits = {},
) {
  const openSockets = new Map<string, number>();

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
    const identity = route.identify ? await route.identify(request) : null;
    if (route.sessionRequired && identity === null) {
      return { accept: false, status: 401, message: "Sign in to use this connection" };
    }
    return { accept: true, route, identity };
  }

  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on("error", () => socket.destroy());
    decide(request)
      .then((decision) => {
        if (!decision.accept) return refuse(socket, decision.status, decision.message);
        if (socket.destroyed) return; // the client left while we decided
        // Counted here, synchronously with the upgrade, so parallel upgrades cannot overshoot.
        const address = addressOf(request);
        const open = openSockets.get(address) ?? 0;
        if (open >= maxSocketsPerAddress) return refuse(socket, 429, TOO_MANY_SOCKETS_MESSAGE);
        openSockets.set(address, open + 1);
        // The raw socket closes however the connection ends, even if the handshake fails.
        socket.once("close", () => {
          const left = (openSockets.get(address) ?? 1) - 1;
          if (left > 0) openSockets.set(address, left);
          else openSockets.delete(address);
        });
        const { hub } = decision.route;
        hub.server.handleUpgrade(request, socket, head, (client) => {
          if (decision.identity !== null) hub.bindToIdentity(client, decision.identity);
          hub.server.emit("connection", client, request);
        });
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, "websocket upgrade failed");
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
