import { createServer, IncomingMessage, ServerResponse } from "node:http";
import type { Server } from "node:http";
import type express from "express";

export interface ClientTimeouts {
  /** A request's headers (a websocket upgrade's too) must arrive within this. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this. */
  requestTimeoutMs: number;
}

/**
 * Bytes of a request body the app left unread that are read and thrown away after its answer, so
 * the kept-alive connection can carry the next request. Forms and JSON bodies are refused well
 * below this (app/http/form-body.server.ts); past it the connection is closed instead.
 */
export const MAX_DISCARDED_BODY_BYTES = 4 * 1024 * 1024;

/** How long a connection closed with an unread body is still read from, so it closes cleanly. */
const LINGER_MS = 2_000;

/**
 * The HTTP server for an express app, whose requests and responses are born with the app's
 * prototypes. Express 4 otherwise gives them `app.request` and `app.response` on every request
 * (`Object.setPrototypeOf` in its init middleware); V8 then keeps every request's and response's
 * objects alive through the next scavenges, so each minor garbage collection copied and promoted
 * megabytes of finished requests and paused the process for milliseconds: the API's slowest
 * answers (docs/decisions/0045). Here Node makes them as instances of subclasses whose prototypes
 * take the place of `app.request` and `app.response` (same chain, same properties), so express's
 * call finds the prototype already set and changes nothing.
 *
 * Hostile clients (issue 30): slow ones are cut off by the timeouts, and a body left unread by an
 * early answer (a refused form) is discarded rather than left in front of the next request.
 */
export function createExpressServer(
  app: express.Express,
  { headersTimeoutMs, requestTimeoutMs }: ClientTimeouts = {
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
  },
): Server {
  class AppRequest extends IncomingMessage {}
  class AppResponse extends ServerResponse {}
  app.request = adopt(AppRequest.prototype, app.request);
  app.response = adopt(AppResponse.prototype, app.response);
  const server = createServer(
    {
      IncomingMessage: AppRequest,
      ServerResponse: AppResponse,
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      // Node checks the timeouts at this period (30 s by default: longer than they are).
      connectionsCheckingInterval: Math.min(1_000, headersTimeoutMs / 4),
    },
    app,
  );
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    res.once("finish", () => discardUnreadBody(req));
  });
  return server;
}

/**
 * After the answer, the rest of a body nobody read. Node discards it only when nothing ever read
 * the request; a reader that stopped (the fetch Request's stream, paused once its queue filled)
 * leaves it unread, and the connection then waits on it. Read and dropped up to
 * MAX_DISCARDED_BODY_BYTES; past that the connection is ended, and read from until the client
 * closes it or LINGER_MS pass, so the client gets a clean close, not a reset.
 */
function discardUnreadBody(req: IncomingMessage) {
  if (req.complete || req.destroyed) return;
  // The stopped reader's listener goes: the bytes are no one's now.
  req.removeAllListeners("data");
  let discarded = 0;
  const socket = req.socket;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded <= MAX_DISCARDED_BODY_BYTES || socket.writableEnded) return;
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
  req.resume();
}

/** `prototype`, made to stand for `original`: its parent and its own properties. */
function adopt<T extends object>(prototype: object, original: T): T {
  Object.setPrototypeOf(prototype, Object.getPrototypeOf(original) as object | null);
  Object.defineProperties(prototype, Object.getOwnPropertyDescriptors(original));
  return prototype as T;
}
