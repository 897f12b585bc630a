import { rmSync } from "node:fs";
import { networkInterfaces } from "node:os";
import { expect, test } from "./fixtures";
import { ownPort, startOwnServer } from "./own-server";

// HOST=127.0.0.1, as the deploy guide sets it behind a reverse proxy: the server answers on
// loopback and on no other address of the machine. A server of its own.
const PORT = ownPort("listen-host");

/** This machine's addresses that are not loopback (IPv6 ones in brackets, link-local left out). */
function outsideAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => !entry.internal && !entry.address.startsWith("fe80:"))
    .map((entry) => (entry.family === "IPv6" ? `[${entry.address}]` : entry.address));
}

const status = async (host: string) =>
  (await fetch(`http://${host}:${PORT}/healthz`).catch(() => null))?.status ?? "refused";

test("with HOST=127.0.0.1 the server listens on loopback only", async ({}, info) => {
  test.skip(info.project.name !== "js-off", "a server-level test: one project is enough");
  test.setTimeout(90_000);
  const outside = outsideAddresses();
  // Without another address nothing could tell loopback-only from every interface.
  test.skip(outside.length === 0, "this machine has no address but loopback");
  rmSync("tests/.tmp/listen-host", { recursive: true, force: true });
  const server = startOwnServer(PORT, {
    HOST: "127.0.0.1",
    DATABASE_PATH: "tests/.tmp/listen-host/goatedvips.sqlite",
    SESSION_SECRET: "listen-host-secret-that-is-long-enough-to-sign",
    GOATED_API_TOKEN: "",
    SYNC_INTERVAL_SECONDS: "300",
    BACKUP_INTERVAL_HOURS: "0",
  });
  try {
    await expect.poll(() => status("127.0.0.1"), { timeout: 30_000 }).toBe(200);
    expect(server.output()).toContain(`listening on http://127.0.0.1:${PORT}`);
    for (const host of [...outside, "[::1]"]) {
      expect(await status(host), `http://${host}:${PORT}`).toBe("refused");
    }
  } finally {
    await server.stop();
  }
});
