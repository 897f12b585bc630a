import { createServer, IncomingMessage, ServerResponse } from "node:http";
import type { Server } from "node:http";
import type express from "express";

/**
 * The HTTP server for an express app, whose requests and responses are born with the app's
 * prototypes. Express 4 otherwise gives them `app.request` and `app.response` on every request
 * (`Object.setPrototypeOf` in its init middleware); V8 then keeps every request's and response's
 * objects alive through the next scavenges, so each minor garbage collection copied and promoted
 * megabytes of finished requests and paused the process for milliseconds: the API's slowest
 * answers (docs/decisions/0045). Here Node makes them as instances of subclasses whose prototypes
 * take the place of `app.request` and `app.response` (same chain, same properties), so express's
 * call finds the prototype already set and changes nothing.
 */
export function createExpressServer(app: express.Express): Server {
  class AppRequest extends IncomingMessage {}
  class AppResponse extends ServerResponse {}
  app.request = adopt(AppRequest.prototype, app.request);
  app.response = adopt(AppResponse.prototype, app.response);
  return createServer({ IncomingMessage: AppRequest, ServerResponse: AppResponse }, app);
}

/** `prototype`, made to stand for `original`: its parent and its own properties. */
function adopt<T extends object>(prototype: object, original: T): T {
  Object.setPrototypeOf(prototype, Object.getPrototypeOf(original) as object | null);
  Object.defineProperties(prototype, Object.getOwnPropertyDescriptors(original));
  return prototype as T;
}
