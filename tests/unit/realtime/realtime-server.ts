import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { migrateToLatest } from "~db";
import { startRealtime } from "~/realtime/sockets.server";
import { db } from "~/services/db.server";

/**
 * The site's websocket endpoints on a real http server on a free loopback port, as the socket
 * tests use them: `host` is its `127.0.0.1:port`; `close` ends the sockets and the server.
 */
export async function listenRealtime({ maxSocketsPerAddress = 50 } = {}) {
  await migrateToLatest(db);
  const realtime = startRealtime({ publicOrigin: null, maxSocketsPerAddress });
  const server = createServer((_req, res) => res.end());
  server.on("upgrade", realtime.handleUpgrade);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await realtime.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
