import { setTimeout as sleep } from "node:timers/promises";
import { RateLimiterRes } from "rate-limiter-flexible";
import { createRateLimiter } from "~/server/rate-limiter.server";

/**
 * Sign-in throttling (docs/decisions/0009). Attempts are counted by account: whichever name was
 * typed (username or e-mail) stands for the account's id; a name that matches no account is
 * counted by itself, normalised, exactly alike, so the answer never tells which accounts exist.
 * - Per account and address: 5 failures in 15 minutes, then that address is refused that account.
 * - Per address: 20 failures in 15 minutes, then that address is refused every account.
 * - Per account across all addresses: past 5 failures in an hour, each further attempt waits a
 *   growing delay before its password is checked. A delay, never a refusal: nobody can lock the
 *   owner out, and the right password from an address without failures always gets in.
 * - Two-step codes, per account across all addresses: CODE_GUESSES_PER_ACCOUNT in 15 minutes,
 *   then refused from everywhere. Only someone who had the password can spend these (the code step
 *   follows it), and a six-digit code falls to guesses spread over many addresses otherwise.
 * The refusing limits count an attempt when it starts, so parallel requests cannot overrun
 * them, and give it back when the password was right; the delay counts only wrong passwords, so a
 * burst of right ones is never slowed. Counted in memory, or in PostgreSQL when several processes
 * share it (app/server/rate-limiter.server.ts).
 */
const WINDOW_SECONDS = 15 * 60;
export const FAILURES_PER_ACCOUNT_AND_IP = 5;
export const FAILURES_PER_IP = 20;
/** Failures of an account, from anywhere, before its attempts are delayed. */
export const FAILURES_BEFORE_DELAY = 5;
const ACCOUNT_WINDOW_SECONDS = 60 * 60;
/** Wrong two-step codes (and proofs) of one account, from all addresses together, per window. */
export const CODE_GUESSES_PER_ACCOUNT = 10;

/** The delay after FAILURES_BEFORE_DELAY failures, doubling with each further one up to maxMs. */
export const accountDelay = { firstMs: 1000, maxMs: 10_000 };

const limiters = {
  accountAndIp: createRateLimiter({
    keyPrefix: "login-account-ip",
    points: FAILURES_PER_ACCOUNT_AND_IP,
    duration: WINDOW_SECONDS,
  }),
  ip: createRateLimiter({
    keyPrefix: "login-ip",
    points: FAILURES_PER_IP,
    duration: WINDOW_SECONDS,
  }),
  codeAccount: createRateLimiter({
    keyPrefix: "two-step-account",
    points: CODE_GUESSES_PER_ACCOUNT,
    duration: WINDOW_SECONDS,
  }),
  // Only counts wrong passwords (it never refuses): the count sets the delay.
  account: createRateLimiter({
    keyPrefix: "login-account",
    points: Number.MAX_SAFE_INTEGER,
    duration: ACCOUNT_WINDOW_SECONDS,
  }),
};

/** What the throttle counts a sign-in by: the account's id, or the typed name when none matches. */
export function loginAccountKey(login: string, accountId: number | undefined): string {
  return accountId === undefined
    ? `name:${login.trim().normalize("NFKC").toLowerCase()}`
    : `account:${accountId}`;
}

export interface AttemptLimits {
  /** Also refuse past CODE_GUESSES_PER_ACCOUNT for the account from all addresses (codes). */
  limitAccount?: boolean;
}

export type LoginAdmission =
  { admitted: false; retryAfterSeconds: number } | { admitted: true; delayMs: number };

/**
 * Counts a sign-in attempt for this address and account. Refused past a hard limit; otherwise
 * admitted, to be held `delayMs` before the password is checked.
 */
export async function startLoginAttempt(
  ip: string,
  account: string,
  { limitAccount = false }: AttemptLimits = {},
): Promise<LoginAdmission> {
  const strict = [
    [limiters.ip, ip],
    [limiters.accountAndIp, `${account}|${ip}`],
    ...(limitAccount ? [[limiters.codeAccount, account] as const] : []),
  ] as const;
  const counted = await Promise.allSettled(strict.map(([limiter, key]) => limiter.consume(key)));
  const waits = counted.flatMap((result) =>
    result.status === "fulfilled"
      ? []
      : [
          result.reason instanceof RateLimiterRes
            ? result.reason.msBeforeNext
            : WINDOW_SECONDS * 1000,
        ],
  );
  if (waits.length > 0) {
    // A refused attempt checks no password, so it is no failure: give its points back.
    await Promise.all(strict.map(([limiter, key]) => limiter.reward(key)));
    return { admitted: false, retryAfterSeconds: Math.ceil(Math.max(...waits) / 1000) };
  }
  const failures = (await limiters.account.get(account))?.consumedPoints ?? 0;
  return { admitted: true, delayMs: progressiveDelayMs(failures) };
}

/** The wait before checking a password, given the account's failures (from anywhere) before it. */
export function progressiveDelayMs(failures: number): number {
  if (failures < FAILURES_BEFORE_DELAY) return 0;
  const doublings = Math.min(failures - FAILURES_BEFORE_DELAY, 30);
  return Math.min(accountDelay.firstMs * 2 ** doublings, accountDelay.maxMs);
}

/** A wrong password (or a name matching no account): one more failure of the account. */
export async function loginFailed(account: string): Promise<void> {
  await limiters.account.consume(account);
}

/** The right password: the attempt was no failure, and the account's failures are forgotten. */
export async function loginSucceeded(
  ip: string,
  account: string,
  { limitAccount = false }: AttemptLimits = {},
): Promise<void> {
  await Promise.all([
    limiters.ip.reward(ip),
    limitAccount ? limiters.codeAccount.reward(account) : null,
    limiters.accountAndIp.delete(`${account}|${ip}`),
    limiters.account.delete(account),
  ]);
}

export type ThrottledCheck = { ok: true } | { ok: false; retryAfterSeconds?: number | undefined };

/**
 * One guess (a password, a two-step code) under the same limits as a sign-in: refused past them
 * (`retryAfterSeconds`), held by the account's delay, then counted as a failure or forgiven.
 */
export async function throttledCheck(
  ip: string,
  account: string,
  check: () => Promise<boolean>,
  limits: AttemptLimits = {},
): Promise<ThrottledCheck> {
  const attempt = await startLoginAttempt(ip, account, limits);
  if (!attempt.admitted) return { ok: false, retryAfterSeconds: attempt.retryAfterSeconds };
  if (attempt.delayMs > 0) await sleep(attempt.delayMs);
  if (await check()) {
    await loginSucceeded(ip, account, limits);
    return { ok: true };
  }
  await loginFailed(account);
  return { ok: false };
}

/** "Please try again in 15 minutes." */
export function tryAgainIn(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** "Too many failed sign-in attempts. Please try again in 15 minutes." */
export function throttledMessage(retryAfterSeconds: number): string {
  return `Too many failed sign-in attempts. ${tryAgainIn(retryAfterSeconds)}`;
}
