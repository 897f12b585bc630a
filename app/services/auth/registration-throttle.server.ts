import { RateLimiterRes } from "rate-limiter-flexible";
import { createRateLimiter } from "~/server/rate-limiter.server";
import { readServerConfig } from "~/server/config.server";
import { tryAgainIn } from "./login-throttle.server";

/**
 * Accounts created per client address: REGISTRATIONS_PER_IP_PER_HOUR (5 unless configured). Each
 * new account costs a password hash and a row, so a flood from one address is refused early.
 * Counted when the registration starts (parallel requests cannot overrun it) and given back when
 * no account was made. Counted in memory, or in PostgreSQL when several processes share it
 * (app/server/rate-limiter.server.ts).
 */
const limiter = createRateLimiter({
  keyPrefix: "register-ip",
  points: readServerConfig().REGISTRATIONS_PER_IP_PER_HOUR,
  duration: 60 * 60,
});

/** Seconds until this address may create another account, or 0 when the attempt is counted. */
export async function startRegistration(ip: string): Promise<number> {
  try {
    await limiter.consume(ip);
    return 0;
  } catch (refused) {
    // A refused attempt creates nothing: it does not use up the next hour's allowance.
    await limiter.reward(ip);
    return refused instanceof RateLimiterRes ? Math.ceil(refused.msBeforeNext / 1000) : 60 * 60;
  }
}

/** The registration made no account (the name or e-mail is taken): it does not count. */
export async function registrationFailed(ip: string): Promise<void> {
  await limiter.reward(ip);
}

/** "Too many accounts created from this address. Please try again in 60 minutes." */
export function registrationThrottledMessage(retryAfterSeconds: number): string {
  return `Too many accounts created from this address. ${tryAgainIn(retryAfterSeconds)}`;
}
