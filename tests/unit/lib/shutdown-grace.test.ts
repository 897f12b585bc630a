import { describe, expect, it } from "vitest";
import { readServerConfig } from "~/lib/config.server";
import { PROVIDER_TIMEOUT_MS } from "~/provider/client.server";

// What a stopping server waits for (server.ts): a sync's provider call must fit in it.
describe("SHUTDOWN_GRACE_SECONDS", () => {
  it("is 30 s by default, longer than the provider call's timeout", () => {
    const grace = readServerConfig({}).SHUTDOWN_GRACE_SECONDS * 1000;
    expect(grace).toBe(30_000);
    expect(grace).toBeGreaterThan(PROVIDER_TIMEOUT_MS);
  });

  it("takes the configured seconds, and refuses what is not a number", () => {
    expect(readServerConfig({ SHUTDOWN_GRACE_SECONDS: "45" }).SHUTDOWN_GRACE_SECONDS).toBe(45);
    expect(() => readServerConfig({ SHUTDOWN_GRACE_SECONDS: "soon" })).toThrow(
      "SHUTDOWN_GRACE_SECONDS",
    );
  });
});
