import { describe, expect, it } from "vitest";
import {
  clearLoginFailures,
  FAILURES_PER_ACCOUNT,
  FAILURES_PER_IP,
  loginRetryAfterSeconds,
  recordLoginFailure,
  throttledMessage,
} from "~/services/login-throttle.server";

describe("login throttling", () => {
  it("blocks an account name after its failures, from any address, whether or not it exists", async () => {
    for (let i = 0; i < FAILURES_PER_ACCOUNT - 1; i += 1) {
      await recordLoginFailure(`10.0.0.${i}`, "NoSuchGoat");
    }
    expect(await loginRetryAfterSeconds("10.0.1.1", "nosuchgoat")).toBe(0);
    await recordLoginFailure("10.0.0.99", "nosuchgoat");
    const wait = await loginRetryAfterSeconds("10.0.1.1", " NoSuchGoat ");
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // Another name from another address is not affected.
    expect(await loginRetryAfterSeconds("10.0.1.1", "someone-else")).toBe(0);
  });

  it("blocks an address after its failures, whatever names it tries", async () => {
    for (let i = 0; i < FAILURES_PER_IP; i += 1) {
      await recordLoginFailure("192.0.2.7", `name-${i}`);
    }
    expect(await loginRetryAfterSeconds("192.0.2.7", "fresh-name")).toBeGreaterThan(0);
    expect(await loginRetryAfterSeconds("192.0.2.8", "fresh-name")).toBe(0);
  });

  it("forgets an account's failures after a successful sign-in", async () => {
    for (let i = 0; i < FAILURES_PER_ACCOUNT; i += 1)
      await recordLoginFailure(`198.51.100.${i}`, "goat");
    expect(await loginRetryAfterSeconds("203.0.113.1", "goat")).toBeGreaterThan(0);
    await clearLoginFailures("goat");
    expect(await loginRetryAfterSeconds("203.0.113.1", "goat")).toBe(0);
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
