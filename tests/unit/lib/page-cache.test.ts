import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymousPageCache } from "~/lib/page-cache.server";

let generation = 1;
let clock = 0;
let renders = 0;
let base = "";
let close: () => void;

beforeAll(async () => {
  const app = express();
  let nonces = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${(nonces += 1)}x`;
    next();
  });
  app.use(
    anonymousPageCache({
      paths: ["/page"],
      generation: () => generation,
      ttlMs: 1000,
      now: () => clock,
    }),
  );
  app.get("/page", (req, res) => {
    renders += 1;
    const nonce = res.locals.cspNonce as string;
    if (req.query.fail) res.status(500);
    if (req.query.cookie) res.cookie("flash", "1");
    res.type("html");
    res.write(`<script nonce="${nonce}">render ${renders}</script>`);
    res.end(`<p>${String(req.query.q ?? "")}</p>`);
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}${path}`, { headers });
  return { text: await response.text(), hit: response.headers.get("X-Page-Cache") === "hit" };
};

describe("anonymousPageCache", () => {
  it("renders once and answers again with the new response's nonce", async () => {
    const first = await get("/page?q=a");
    const second = await get("/page?q=a");
    expect(second.hit).toBe(true);
    expect(second.text.replace(/nonce\d+x/, "N")).toBe(first.text.replace(/nonce\d+x/, "N"));
    expect(second.text).not.toContain(first.text.match(/nonce\d+x/)?.[0]);
    expect(renders).toBe(1);
    expect((await get("/page?q=b")).hit).toBe(false);
  });

  it("never serves or stores for a request with cookies, an error or a Set-Cookie", async () => {
    await get("/page?q=c");
    expect((await get("/page?q=c", { Cookie: "gv_session=x" })).hit).toBe(false);
    await get("/page?fail=1");
    expect((await get("/page?fail=1")).hit).toBe(false);
    await get("/page?cookie=1");
    expect((await get("/page?cookie=1")).hit).toBe(false);
  });

  it("drops an entry when the generation moves or it outlives the TTL", async () => {
    await get("/page?q=d");
    expect((await get("/page?q=d")).hit).toBe(true);
    generation += 1;
    expect((await get("/page?q=d")).hit).toBe(false);
    expect((await get("/page?q=d")).hit).toBe(true);
    clock += 1000;
    expect((await get("/page?q=d")).hit).toBe(false);
  });
});
