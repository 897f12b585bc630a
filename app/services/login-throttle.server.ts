import { RateLimiterMemory } from "rate-limiter-flexible";
import { singleton } from "~/lib/singleton.server";

/**
 * Failed sign-ins are counted per client IP and per account name (whether or not it exists, so
 * the answer never tells which accounts exist). Past the limit, sign-in is refused for a while.
 * One process (DESIGN.md), so counting in memory is enough.
 */
const WINDOW_SECONDS = 15 * 60;
export const FAILURES_PER_ACCOUNT = 5;
export const FAILURES_PER_IP = 20;

const limiters = singleton("login-throttle", () => ({
  account: new RateLimiterMemory({
    keyPrefix: "login-account",
    points: FAILURES_PER_ACCOUNT,
    duration: WINDOW_SECONDS,
  }),
  ip: new RateLimiterMemory({
    keyPrefix: "login-ip",
    points: FAILURES_PER_IP,
    duration: WINDOW_SECONDS,
  }),
}));

const accountKey = (login: string) => login.trim().toLowerCase();

/** Seconds until sign-in is allowed again for this IP and name, or 0 when it is allowed now. */
export async function loginRetryAfterSeconds(ip: string, login: string): Promise<number> {
  const [byIp, byAccount] = await Promise.all([
    limiters.ip.get(ip),
    limiters.account.get(accountKey(login)),
  ]);
  const waits = [
    byIp && byIp.consumedPoints >= FAILURES_PER_IP ? byIp.msBeforeNext : 0,
    byAccount && byAccount.consumedPoints >= FAILURES_PER_ACCOUNT ? byAccount.msBeforeNext : 0,
  ];
  return Math.ceil(Math.max(...waits) / 1000);
}

export async function recordLoginFailure(ip: string, login: string): Promise<void> {
  // consume() rejects once the points are spent; that is the state we want to reach, not an error.
  await Promise.allSettled([limiters.ip.consume(ip), limiters.account.consume(accountKey(login))]);
}

export async function clearLoginFailures(login: string): Promise<void> {
  await limiters.account.delete(accountKey(login));
}

/** "Too many failed sign-in attempts. Please try again in 15 minutes." */
export function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
