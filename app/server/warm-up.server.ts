import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { logger } from "./logger.server";

/** The pages most requests load (bench/mixed.ts's mix): home, the four boards, a search, the race. */
export const WARM_UP_PATHS = [
  "/",
  "/leaderboard?period=daily",
  "/leaderboard?period=weekly",
  "/leaderboard?period=monthly&page=2",
  "/leaderboard?period=all_time",
  "/leaderboard?period=daily&q=ab",
  "/wager-races",
  "/vip-program",
];

/** The signed-in half of a request, which no visitor's request runs. */
export interface MemberWarmUp {
  /** The member frame's parts of the page at `url`, for a made-up member: nothing read or written. */
  renderFrame(url: string, round: number): Promise<void>;
  /** A session lookup that finds no one, with the header's statement: nothing written. */
  lookUp(url: string): Promise<void>;
}

/** Where the server can reach itself: its own address, or loopback when it listens on all. */
function ownOrigin(server: Server): string {
  const { address, family, port } = server.address() as AddressInfo;
  const all = address === "::" || address === "0.0.0.0";
  const host = all ? "127.0.0.1" : family === "IPv6" ? `[${address}]` : address;
  return `http://${host}:${port}`;
}

/**
 * Runs the request paths of the pages most requests load (docs/decisions/0112): each page requested
 * as a visitor through the listening `server`, and the signed-in half of a request (`member`),
 * `rounds` times or until `maxMs` has passed. A fresh process runs its code unoptimised at first:
 * 200 members arriving within a second of a start waited up to a second for it. A step that fails
 * stops the warm-up with a warning (the page fails for its visitors too, with its own log line).
 */
export async function warmUp(
  server: Server,
  member: MemberWarmUp,
  { rounds = 20, maxMs = 600 }: { rounds?: number; maxMs?: number } = {},
): Promise<{ rounds: number; ms: number }> {
  const started = performance.now();
  let round = 0;
  try {
    const origin = ownOrigin(server);
    for (; round < rounds && performance.now() - started < maxMs; round += 1) {
      for (const path of WARM_UP_PATHS) {
        const url = `${origin}${path}`;
        // The request id says in the log what these requests were.
        const response = await fetch(url, { headers: { "X-Request-Id": `warm-up-${round}` } });
        await response.arrayBuffer();
        await member.renderFrame(url, round);
        await member.lookUp(url);
      }
    }
  } catch (error) {
    logger.warn({ err: error }, "warm-up: stopped early");
  }
  return { rounds: round, ms: Math.round(performance.now() - started) };
}

/**
 * Calls `warm` once the process has data to show: at once when `hasData` says so, else at the
 * first `onDataChanged` (the first sync that stores some). The pages' code then runs with the data
 * its first visitors get: run on an empty database, it was trained on empty pages and the first
 * visitors after the sync waited longer than with no warm-up at all. Returns a stop.
 */
export function warmUpWhenData({
  hasData,
  onDataChanged,
  warm,
}: {
  hasData: () => Promise<boolean>;
  onDataChanged: (listener: () => void) => () => void;
  warm: () => Promise<unknown>;
}): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    stopListening();
    void warm();
  };
  const stopListening = onDataChanged(once);
  hasData().then(
    (has) => {
      if (has) once();
    },
    (error: unknown) => logger.warn({ err: error }, "warm-up: could not tell whether data exists"),
  );
  return () => {
    done = true;
    stopListening();
  };
}
