import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createExpressServer } from "~/http/express-server.server";

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

describe("the HTTP server around the express app", () => {
  it("makes requests and responses with the app's prototypes, which express then keeps", async () => {
    const app = express();
    app.get("/echo", (req, res) => {
      res.json({ query: req.query, path: req.path, ip: req.ip, sameApp: req.app === app });
    });
    const server = createExpressServer(app);
    // Before the app's own listener: as Node made them, before express's init middleware.
    const born: boolean[] = [];
    server.prependListener("request", (req, res) => {
      born.push(
        Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));
    const { port } = server.address() as AddressInfo;

    const response = await fetch(`http://127.0.0.1:${port}/echo?a=1`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      query: { a: "1" },
      path: "/echo",
      ip: "127.0.0.1",
      sameApp: true,
    });
    expect(born).toEqual([true]);
  });
});
