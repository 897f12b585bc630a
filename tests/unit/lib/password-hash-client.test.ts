import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { currentHashClient, hashOnBehalfOfClients } from "~/server/password-hash-client.server";
import type { HashClient } from "~/server/password-hash-threads.server";

let close: (() => void) | null = null;
afterEach(() => {
  close?.();
  close = null;
});

/** A server whose handler hands over the client its password hashes would run for. */
async function serverSeeing(answer: boolean) {
  const seen: HashClient[] = [];
  let arrived: () => void = () => undefined;
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  const app = express();
  app.use(hashOnBehalfOfClients());
  app.all("/", async (_req, res) => {
    await Promise.resolve();
    seen.push(currentHashClient());
    arrived();
    if (answer) res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => {
    server.closeAllConnections();
    server.close();
  };
  return { port: (server.address() as AddressInfo).port, seen, arrival };
}

describe("password hashes on behalf of the request's client", () => {
  it("carry the client's address and a signal that aborts when the client goes", async () => {
    const { port, seen, arrival } = await serverSeeing(false);
    const sent = httpRequest({ port, host: "127.0.0.1", method: "POST", path: "/" });
    sent.on("error", () => undefined);
    sent.end("username=goat");
    await arrival;
    const [client] = seen;
    expect(client?.address).toBe("127.0.0.1");
    expect(client?.signal?.aborted).toBe(false);

    const aborted = new Promise((resolve) => client?.signal?.addEventListener("abort", resolve));
    sent.destroy();
    await aborted;
    expect(client?.signal?.aborted).toBe(true);
  });

  it("whose answer was sent keep a signal that never aborts; GET and HEAD hash for nobody", async () => {
    const { port, seen } = await serverSeeing(true);
    for (const method of ["POST", "GET"]) {
      const response = await fetch(`http://127.0.0.1:${port}/`, { method });
      expect(await response.text()).toBe("ok");
    }
    const [post, get] = seen;
    expect(post?.signal?.aborted).toBe(false);
    expect(get).toEqual({ address: "server" });
  });
});
