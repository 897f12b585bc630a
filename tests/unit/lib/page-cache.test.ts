import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  anonymousPageCache,
  PAGE_CACHE_SCOPE_HEADER,
  URL_ONLY_PAGE_HEADERS,
} from "~/http/page-cache.server";

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
  app.use(anonymousPageCache({ generation: () => generation, ttlMs: 1000, now: () => clock }));
  // Like the app: marked as depending on the URL alone, yet showing who asked when someone did
  // (the root loader reads the session from a cookie or a Bearer header).
  app.get(["/page", "/unmarked"], (req, res) => {
    renders += 1;
    const nonce = res.locals.cspNonce as string;
    if (req.path === "/page") res.set(URL_ONLY_PAGE_HEADERS);
    if (req.query.fail) res.status(500);
    if (req.query.cookie) res.cookie("flash", "1");
    if (req.query.private) res.set("Cache-Control", "private, no-store");
    res.type("html");
    res.write(`<script nonce="${nonce}">render ${renders}</script>`);
    const viewer = req.get("Authorization") ? "admin" : req.get("Cookie") ? "player" : "visitor";
    res.end(`<p>${String(req.query.q ?? "")} for ${viewer}</p>`);
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}${path}`, { headers });
  return {
    text: await response.text(),
    hit: response.headers.get("X-Page-Cache") === "hit",
    scope: response.headers.get(PAGE_CACHE_SCOPE_HEADER),
  };
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

  it("never keeps a page rendered for a Bearer token and serves it to the next visitor", async () => {
    const admin = await get("/page?k=1", { Authorization: "Bearer admin-token" });
    expect(admin.text).toContain("for admin");
    const visitor = await get("/page?k=1");
    expect(visitor.hit).toBe(false);
    expect(visitor.text).toContain("for visitor");
    // Nor does a Bearer request get the visitors' page.
    const again = await get("/page?k=1", { Authorization: "Bearer admin-token" });
    expect(again.hit).toBe(false);
    expect(again.text).toContain("for admin");
  });

  it("never serves or stores for a request with cookies, an error or a Set-Cookie", async () => {
    await get("/page?q=c");
    expect((await get("/page?q=c", { Cookie: "gv_session=x" })).hit).toBe(false);
    await get("/page?q=p", { Cookie: "gv_session=x" });
    expect((await get("/page?q=p")).text).toContain("for visitor");
    await get("/page?fail=1");
    expect((await get("/page?fail=1")).hit).toBe(false);
    await get("/page?cookie=1");
    expect((await get("/page?cookie=1")).hit).toBe(false);
  });

  it("stores only what the app marks as depending on the URL alone, and not private", async () => {
    await get("/unmarked?q=e");
    expect((await get("/unmarked?q=e")).hit).toBe(false);
    await get("/page?private=1");
    expect((await get("/page?private=1")).hit).toBe(false);
  });

  it("takes the mark off every answer", async () => {
    expect((await get("/page?q=f")).scope).toBeNull();
    expect((await get("/page?q=f", { Cookie: "gv_session=x" })).scope).toBeNull();
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
