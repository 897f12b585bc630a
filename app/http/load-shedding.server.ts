import { availableParallelism } from "node:os";
import type express from "express";

/**
 * Page and API requests under way per core before new ones are refused. One event loop serves
 * them all, so all but one of them wait: at the mixed bench's ~10 ms of CPU a page, 128 a core is
 * about a second of work queued on a 2-core machine (and 200 members arriving at once still pass).
 */
export const WAITING_REQUESTS_PER_CORE = 128;

/** What a refused client is told to wait: a second of queued work drains well within it. */
export const SHED_RETRY_AFTER_SECONDS = 5;

export const OVERLOADED_MESSAGE =
  "The site is busy serving other visitors right now. Please try again in a few seconds.";

export function defaultMaxRequestsWaiting(cores = availableParallelism()): number {
  return cores * WAITING_REQUESTS_PER_CORE;
}

/**
 * Load shedding at the door (issue 30, docs/decisions/0089): at most `maxWaiting` page and API
 * requests under way at once; past that a new one is answered 503 with Retry-After at once,
 * instead of joining a line every member of which then waits longer. Mounted after /healthz,
 * /readyz, /metrics and the static files, which stay answered; websockets are upgrades and never
 * come here. Sign-ins count like any request; their password hash has its own bounded queue
 * besides (docs/decisions/0050).
 */
export function shedLoad({
  maxWaiting,
  refuse,
}: {
  maxWaiting: number;
  /** Writes the refusal in the form the path's clients read (JSON on /api/, a page elsewhere). */
  refuse: (req: express.Request, res: express.Response, retryAfterSeconds: number) => void;
}): express.RequestHandler {
  let underWay = 0;
  return (req, res, next) => {
    if (underWay >= maxWaiting) {
      refuse(req, res, SHED_RETRY_AFTER_SECONDS);
      return;
    }
    underWay += 1;
    // "close" comes once per response, whether it finished or its client went away first.
    res.once("close", () => {
      underWay -= 1;
    });
    next();
  };
}
