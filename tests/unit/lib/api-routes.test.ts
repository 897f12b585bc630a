import type { AddressInfo } from "node:net";
import type { LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutesOf, jsonApiRoutes } from "~/http/api-routes.server";
import { apiError, apiRoute, jsonResponse } from "~/http/json-api.server";

// Route modules shaped as app/routes/api.*.ts (nested files, a splat, a page), answering what
// they were called with, so the test sees which handler ran and with what.
const echo = (route: string) =>
  apiRoute({
    GET: ({ request, params, context }: LoaderFunctionArgs) =>
      jsonResponse({ route, method: request.method, params, ip: context.clientIp }),
    POST: async ({ request, params }: LoaderFunctionArgs) =>
      jsonResponse({ route, method: "POST", params, body: await request.text() }),
  });
const splat = { loader: () => apiError(404, "No API endpoint at this path") };
const module = (handlers: object) => handlers;
const build = {
  routes: {
    root: { id: "root", path: "", module: module({ default: () => null }) },
    "routes/$": {
      id: "routes/$",
      parentId: "root",
      path: "*",
      module: module({ default: () => null }),
    },
    "routes/api.$": {
      id: "routes/api.$",
      parentId: "root",
      path: "api/*",
      module: module({ ...splat, action: splat.loader }),
    },
    "routes/api.user": {
      id: "routes/api.user",
      parentId: "root",
      path: "api/user",
      module: module(echo("user")),
    },
    "routes/api.user.update": {
      id: "routes/api.user.update",
      parentId: "routes/api.user",
      path: "update",
      module: module(echo("user.update")),
    },
    "routes/api.users.$id": {
      id: "routes/api.users.$id",
      parentId: "root",
      path: "api/users/:id",
      module: module(echo("users.$id")),
    },
    "routes/api.users.top": {
      id: "routes/api.users.top",
      parentId: "root",
      path: "api/users/top",
      module: module(echo("users.top")),
    },
    "routes/leaderboard": {
      id: "routes/leaderboard",
      parentId: "root",
      path: "leaderboard",
      module: module({ default: () => null, loader: () => null }),
    },
  },
} as unknown as ServerBuild;

let base = "";
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.use(jsonApiRoutes(build, (req) => ({ cspNonce: "", clientIp: req.ip ?? "?" })));
  app.use((_req, res) => res.status(299).type("text/plain").send("left to Remix"));
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const call = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${base}${path}`, init);
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
};

describe("jsonApiRoutes", () => {
  it("lists the API's resource routes with their full paths, static segments before dynamic", () =>
    expect(apiRoutesOf(build).map((route) => route.path)).toEqual([
      "/api/user",
      "/api/user/update",
      "/api/users/top",
      "/api/users/:id",
      "/api/*",
    ]));

  it("answers GET with the route's loader: params, load context, the route's own answer", async () => {
    const answer = await call("/api/users/42?x=1");
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({
      route: "users.$id",
      method: "GET",
      params: { id: "42" },
      ip: "::ffff:127.0.0.1",
    });
  });

  it("prefers a static segment to a dynamic one, whatever the order of the build", async () =>
    expect((await call("/api/users/top")).json().route).toBe("users.top"));

  it("joins a nested route file's path to its parent's", async () =>
    expect((await call("/api/user/update")).json().route).toBe("user.update"));

  it("hands other methods to the action, with the body", async () =>
    expect((await call("/api/user", { method: "POST", body: '{"a":1}' })).json()).toMatchObject({
      route: "user",
      method: "POST",
      body: '{"a":1}',
    }));

  it("answers the route's 405 for a method it does not take", async () => {
    const answer = await call("/api/user", { method: "DELETE" });
    expect(answer.status).toBe(405);
    expect(answer.json().message).toMatch(/Method not allowed/);
  });

  it("sends an answer whole, with its length, not in chunks", async () => {
    const response = await fetch(`${base}/api/users/42`);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("Transfer-Encoding")).toBeNull();
    expect(response.headers.get("Content-Length")).toBe(String(body.length));
    expect(JSON.parse(body.toString("utf8"))).toMatchObject({ route: "users.$id" });
  });

  it("answers HEAD without a body", async () => {
    const answer = await call("/api/users/7", { method: "HEAD" });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe("");
  });

  it("answers any other /api/ path, and /api itself, with the splat route's JSON 404", async () => {
    for (const path of ["/api/nope/deeper", "/api", "/api/"]) {
      const answer = await call(path);
      expect(answer.status).toBe(404);
      expect(answer.json()).toEqual({ status: "error", message: "No API endpoint at this path" });
    }
  });

  it("leaves pages, single-fetch and ?_data requests to Remix", async () => {
    for (const path of ["/leaderboard", "/api/user.data", "/api/user?_data=root"]) {
      expect((await call(path)).status).toBe(299);
    }
  });
});
