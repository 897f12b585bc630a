import { describe, expect, it } from "vitest";
import { readServerConfig } from "~/server/config.server";
import { PROVIDER_TIMEOUT_MS } from "~/provider/client.server";

// What a stopping server waits for (server.ts): a sync's provider call must fit in it.
/** This process's environment with SHUTDOWN_GRACE_SECONDS set ("" counts as unset). */
const withGrace = (value: string): NodeJS.ProcessEnv => ({
  ...process.env,
  SHUTDOWN_GRACE_SECONDS: value,
});

describe("SHUTDOWN_GRACE_SECONDS", () => {
  it("is 30 s by default, longer than the provider call's timeout", () => {
    const grace = readServerConfig(withGrace("")).SHUTDOWN_GRACE_SECONDS * 1000;
    expect(grace).toBe(30_000);
    expect(grace).toBeGreaterThan(PROVIDER_TIMEOUT_MS);
  });

  it("takes the configured seconds, and refuses what is not a number", () => {
    expect(readServerConfig(withGrace("45")).SHUTDOWN_GRACE_SECONDS).toBe(45);
    expect(() => readServerConfig(withGrace("soon"))).toThrow("SHUTDOWN_GRACE_SECONDS");
  });
});
