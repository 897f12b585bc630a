import { describe, expect, it } from "vitest";
import {
  FAILURES_BEFORE_DELAY,
  FAILURES_PER_ACCOUNT_AND_IP,
  FAILURES_PER_IP,
  loginAccountKey,
  loginFailed,
  loginSucceeded,
  startLoginAttempt,
  throttledMessage,
} from "~/services/auth/login-throttle.server";

/** An attempt admitted, whose password was wrong. */
async function fail(ip: string, account: string) {
  const attempt = await startLoginAttempt(ip, account);
  expect(attempt.admitted).toBe(true);
  await loginFailed(account);
  return attempt;
}

describe("login throttling", () => {
  it("counts an account by its id, and a name matching none by the name, normalised", () => {
    expect(loginAccountKey("Boss", 1)).toBe(loginAccountKey("boss@example.com", 1));
    expect(loginAccountKey(" NoSuchGoat ", undefined)).toBe(
      loginAccountKey("nosuchgoat", undefined),
    );
    expect(loginAccountKey("nosuchgoat", undefined)).not.toBe(loginAccountKey("other", undefined));
  });

  it("refuses an address an account after its failures there; other addresses still try", async () => {
    const account = loginAccountKey("", 101);
    for (let i = 0; i < FAILURES_PER_ACCOUNT_AND_IP; i += 1) await fail("10.0.0.1", account);
    const refused = await startLoginAttempt("10.0.0.1", account);
    expect(refused.admitted).toBe(false);
    if (refused.admitted) return;
    expect(refused.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(throttledMessage(refused.retryAfterSeconds)).toBe(
      "Too many failed sign-in attempts. Please try again in 15 minutes.",
    );
    // Refusals do not count: the address is not refused longer, nor other accounts sooner.
    expect((await startLoginAttempt("10.0.0.1", loginAccountKey("", 102))).admitted).toBe(true);
    expect((await startLoginAttempt("10.0.0.2", account)).admitted).toBe(true);
  });

  it("refuses an address after its failures, whatever names it tries", async () => {
    for (let i = 0; i < FAILURES_PER_IP; i += 1) {
      await fail("192.0.2.7", loginAccountKey(`name-${i}`, undefined));
    }
    const fresh = loginAccountKey("fresh-name", undefined);
    expect((await startLoginAttempt("192.0.2.7", fresh)).admitted).toBe(false);
    expect((await startLoginAttempt("192.0.2.8", fresh)).admitted).toBe(true);
  });

  it("counts parallel attempts as they start, so they cannot overrun the limit", async () => {
    const account = loginAccountKey("", 103);
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () => startLoginAttempt("10.0.3.1", account)),
    );
    expect(attempts.filter((a) => a.admitted)).toHaveLength(FAILURES_PER_ACCOUNT_AND_IP);
  });

  it("does not delay right passwords arriving together from many addresses", async () => {
    const account = loginAccountKey("", 106);
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, i) => startLoginAttempt(`10.0.7.${i}`, account)),
    );
    expect(attempts.every((a) => a.admitted && a.delayMs === 0)).toBe(true);
  });

  it("delays an account's attempts from every address progressively, capped, never refusing", async () => {
    const account = loginAccountKey("", 104);
    for (let i = 0; i < FAILURES_BEFORE_DELAY; i += 1) {
      expect(await fail(`10.0.4.${i}`, account)).toEqual({ admitted: true, delayMs: 0 });
    }
    const delays: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const attempt = await fail(`10.0.5.${i}`, account);
      if (attempt.admitted) delays.push(attempt.delayMs);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000, 10_000]);
  });

  it("forgets an account's failures after the right password", async () => {
    const account = loginAccountKey("", 105);
    for (let i = 0; i < FAILURES_PER_ACCOUNT_AND_IP; i += 1) await fail("10.0.6.1", account);
    for (let i = 0; i < 3; i += 1) await fail(`10.0.6.${i + 2}`, account);
    const owner = await startLoginAttempt("10.0.6.99", account);
    expect(owner).toEqual({ admitted: true, delayMs: 8000 });
    await loginSucceeded("10.0.6.99", account);
    expect(await startLoginAttempt("10.0.6.99", account)).toEqual({ admitted: true, delayMs: 0 });
    // The address that failed is still refused: its own count is its own.
    expect((await startLoginAttempt("10.0.6.1", account)).admitted).toBe(false);
  });

  it("says how long to wait, in minutes", () => {
    expect(throttledMessage(900)).toBe(
      "Too many failed sign-in attempts. Please try again in 15 minutes.",
    );
    expect(throttledMessage(20)).toBe(
      "Too many failed sign-in attempts. Please try again in 1 minute.",
    );
  });
});
