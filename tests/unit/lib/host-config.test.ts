import { describe, expect, it } from "vitest";
import { readServerConfig } from "~/server/config.server";

// HOST, the address the server listens on (docs/configuration.md); tests/e2e/listen-host.spec.ts
// starts a server with it.
describe("HOST", () => {
  const host = (HOST?: string) => readServerConfig({ NODE_ENV: "test", HOST }).HOST;

  it("is unset by default (every interface), and takes an address or a host name", () => {
    expect(host()).toBeUndefined();
    expect(host("")).toBeUndefined();
    for (const value of ["127.0.0.1", "::1", "0.0.0.0", "::", "localhost"]) {
      expect(host(value)).toBe(value);
    }
  });

  it("refuses anything else with a clear message", () => {
    for (const value of ["http://127.0.0.1", "127.0.0.1:3000", "local host"]) {
      expect(() => host(value)).toThrow("HOST must be an IP address or a host name");
    }
  });
});
