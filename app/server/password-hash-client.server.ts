import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestHandler } from "express";
import type { HashClient } from "./password-hash-threads.server";
import { isSafeMethod } from "~/lib/same-origin";

const current = new AsyncLocalStorage<HashClient>();

/** Password hashes run outside any request (ADMIN_PASSWORD at start): the server's own. */
const THE_SERVER: HashClient = { address: "server" };

/**
 * Express middleware: the password hashes a request's handlers ask for (sign-in, registration,
 * password change, an admin's proof) run on behalf of its client, so they count against its
 * address's share of the hashing queue and leave the queue when the client goes before the answer
 * (docs/decisions/0050). Set once here rather than passed through every hashing service. GET and
 * HEAD never hash: they skip the signal's cost.
 */
export function hashOnBehalfOfClients(): RequestHandler {
  return (req, res, next) => {
    if (isSafeMethod(req.method)) return next();
    const gone = new AbortController();
    res.on("close", () => res.writableFinished || gone.abort(new Error("the client has gone")));
    current.run({ address: req.ip ?? "unknown", signal: gone.signal }, next);
  };
}

/** On whose behalf a password hash asked for now runs. */
export function currentHashClient(): HashClient {
  return current.getStore() ?? THE_SERVER;
}

/** Runs `work` on behalf of `client` (tests and callers outside express). */
export function onBehalfOf<T>(client: HashClient, work: () => T): T {
  return current.run(client, work);
}
