// Issue 30 item 1: sign-ins whose clients have gone must not hold the next one up. 20 sign-ins
// abandoned while their hashes wait; the next sign-in takes at most twice its idle time.
import path from "node:path";
import { referralPayload } from "./payload";
import type { ServerBenchDeps } from "./blocking";
import { median } from "./format";

const ABANDONED = 20;
/** Long enough for the requests to reach the hashing queue, shorter than 20 hashes on any build. */
const ABANDON_AFTER_MS = 100;
const IDLE_SIGN_INS = 5;
const ROUNDS = 3;
// Strong enough for any password rule.
const PASSWORD = "Bench-Goats-Graze-At-Dawn-77";

/**
 * One account; its idle sign-in time is the median of 5 one after another. Then, 3 times: 20
 * sign-ins from 20 addresses at once, each abandoned (its connection closed) after 100 ms, then
 * one more sign-in, timed; the figure is the median of those 3 against twice the idle time.
 */
export async function benchAbandonedSignIns({
  work,
  origin,
  record,
  ms,
  withBenchServer,
}: ServerBenchDeps) {
  const options = {
    payload: referralPayload(1_000, 2),
    database: { file: path.join(work, "abandoned.sqlite") },
    syncSeconds: 86_400,
  };
  await withBenchServer(options, async () => {
    const username = `abandon${Date.now() % 1_000_000}`;
    // The server trusts a proxy on loopback: each client is its own address (198.18.0.0/15, the
    // benchmarking range), so the sign-in throttle sees 20 people, not one.
    const post = (target: string, body: object, client: string, signal?: AbortSignal) =>
      fetch(`${origin}${target}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": client },
        body: JSON.stringify(body),
        ...(signal ? { signal } : {}),
      });
    const registered = await post(
      "/api/auth/register",
      { username, email: `${username}@example.com`, password: PASSWORD, confirmPassword: PASSWORD },
      "198.18.4.1",
    );
    if (registered.status !== 201) {
      throw new Error(`registration answered ${registered.status}: ${await registered.text()}`);
    }
    const timedSignIn = async (client: string) => {
      const started = performance.now();
      const response = await post("/api/auth/login", { username, password: PASSWORD }, client);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
      return performance.now() - started;
    };

    const idle: number[] = [];
    for (let i = 0; i < IDLE_SIGN_INS; i += 1) idle.push(await timedSignIn("198.18.4.2"));
    const next: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await Promise.allSettled(
        Array.from({ length: ABANDONED }, (_, i) =>
          post(
            "/api/auth/login",
            { username, password: PASSWORD },
            `198.18.5.${round * ABANDONED + i + 1}`,
            AbortSignal.timeout(ABANDON_AFTER_MS),
          ).then((response) => response.arrayBuffer()),
        ),
      );
      next.push(await timedSignIn("198.18.4.3"));
    }
    const idleTime = median(idle);
    const nextTime = median(next);
    record(
      `Sign-in after ${ABANDONED} abandoned ones, median of ${ROUNDS} (idle sign-in, median of ${IDLE_SIGN_INS})`,
      "< 2 x idle",
      `${ms(nextTime)} (${ms(idleTime)})`,
      nextTime <= 2 * idleTime,
    );
  });
}
