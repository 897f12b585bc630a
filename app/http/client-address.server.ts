import type { IncomingMessage } from "node:http";
import proxyAddr from "proxy-addr";

/**
 * Who may say who the client is: a reverse proxy on the same machine (nginx, Caddy), nobody else.
 * Express's `trust proxy` and the websocket upgrades both use it, so both see the same address.
 */
export const TRUSTED_PROXIES = "loopback";
const trusted = proxyAddr.compile(TRUSTED_PROXIES);

/** The client's address: X-Forwarded-For when a trusted proxy sent it, else the peer's. */
export function clientAddress(request: IncomingMessage): string {
  return proxyAddr(request, trusted);
}
