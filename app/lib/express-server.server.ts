import { createServer, IncomingMessage, ServerResponse } from "node:http";
import type { Server } from "node:http";
import type express from "express";

/**
 * The HTTP server for an express app, whose requests and responses are born with the app's
 * prototypes (`app.request`, `app.response`). Express 4 otherwise sets them on every request
 * (`Object.setPrototypeOf` in its init middleware); V8 then keeps the request's and response's
 * objects alive through the next scavenges, so each minor garbage collection copies and promotes
 * megabytes of dead requests and pauses the process for milliseconds: the API's slowest answers
 * (docs/decisions/0045). With the prototype already in place express's call changes nothing.
 */
export function createExpressServer(app: express.Express): Server {
  // Node constructs them with `new` and its own arguments (socket; request and options).
  function AppRequest(...args: ConstructorParameters<typeof IncomingMessage>) {
    return Reflect.construct(IncomingMessage, args, AppRequest) as IncomingMessage;
  }
  AppRequest.prototype = app.request;
  function AppResponse(...args: unknown[]) {
    return Reflect.construct(ServerResponse, args, AppResponse) as ServerResponse;
  }
  AppResponse.prototype = app.response;
  return createServer(
    {
      IncomingMessage: AppRequest as unknown as typeof IncomingMessage,
      ServerResponse: AppResponse as unknown as typeof ServerResponse,
    },
    app,
  );
}
