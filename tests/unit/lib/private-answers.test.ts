import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carriesCredentials, privateAnswersForUsers } from "~/http/private-answers.server";

let base = "";
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.use(privateAnswersForUsers("gv_session"));
  // A route that wants to be cached publicly, as /api/affiliate/stats does.
  app.get("/public", (_req, res) => {
    res.set("Cache-Control", "public, max-age=60").json({ ok: true });
  });
  app.get("/sets-cookie", (_req, res) => {
    res.cookie("flash", "1").type("html").send("<p>done</p>");
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const cacheControl = async (path: string, headers: Record<string, string> = {}) =>
  (await fetch(`${base}${path}`, { headers })).headers.get("Cache-Control");

describe("privateAnswersForUsers", () => {
  it("makes an answer to a Bearer request private, whatever the route said", async () =>
    expect(await cacheControl("/public", { Authorization: "Bearer abc" })).toBe(
      "private, no-store",
    ));

  it("makes an answer to a request with the session cookie private", async () =>
    expect(await cacheControl("/public", { Cookie: "theme=dark; gv_session=abc" })).toBe(
      "private, no-store",
    ));

  it("makes an answer that sets a cookie private", async () =>
    expect(await cacheControl("/sets-cookie")).toBe("private, no-store"));

  it("leaves a visitor's answer as the route made it", async () => {
    expect(await cacheControl("/public")).toBe("public, max-age=60");
    expect(await cacheControl("/public", { Cookie: "gv_session_other=1; x=gv_session=" })).toBe(
      "public, max-age=60",
    );
  });
});

describe("carriesCredentials", () => {
  it.each([
    [{ authorization: "Bearer x" }, true],
    [{ cookie: "gv_session=abc" }, true],
    [{ cookie: "a=1;gv_session=abc" }, true],
    [{ cookie: "race_widget=dismissed" }, false],
    [{}, false],
  ])("%j: %s", (headers, expected) =>
    expect(carriesCredentials(headers, "gv_session")).toBe(expected),
  );
});
