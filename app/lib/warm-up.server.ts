import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { logger } from "./logger.server";

/** The pages most requests load (a visitor's and a member's; bench/mixed.ts's mix). */
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
  /** A session lookup that finds no one, and the header's statement for a user who does not exist. */
  lookUp(url: string): Promise<void>;
}

/**
 * Runs the request paths of the pages most requests load before the server takes traffic
 * (docs/decisions/0048): each page requested as a visitor over a loopback port of `server`, and the
 * signed-in half of a request (`member`), `rounds` times or until `maxMs` has passed. A fresh
 * process runs its code unoptimised at first: 200 members arriving within a second of a start
 * waited up to 1.5 s. The port is closed before this returns; `server` then listens as usual.
 */
export async function warmUp(
  server: Server,
  member: MemberWarmUp,
  { rounds = 40, maxMs = 3_000 }: { rounds?: number; maxMs?: number } = {},
): Promise<{ rounds: number; ms: number }> {
  const started = performance.now();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  let round = 0;
  try {
    for (; round < rounds && performance.now() - started < maxMs; round += 1) {
      for (const path of WARM_UP_PATHS) {
        const url = `http://127.0.0.1:${port}${path}`;
        // The request id says in the log what these requests were.
        const response = await fetch(url, { headers: { "X-Request-Id": `warm-up-${round}` } });
        await response.arrayBuffer();
        await member.renderFrame(url, round);
        await member.lookUp(url);
      }
    }
  } catch (error) {
    // A page that fails here fails for its visitors too, with its own log line: start anyway.
    logger.warn({ err: error }, "warm-up: stopped early");
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return { rounds: round, ms: Math.round(performance.now() - started) };
}
