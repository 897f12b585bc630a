// The server's route matching keeps its ranked branches and each pathname's matches per route
// tree (patches/@remix-run+router+*.patch, docs/decisions/0039). The browser build is not patched:
// both must match every path the same way.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { matchRoutes } from "@remix-run/router";
import * as browserBuild from "../../../node_modules/@remix-run/router/dist/router.js";

type Matcher = typeof matchRoutes;
const browserRouter = browserBuild as unknown as { matchRoutes: Matcher };
const require = createRequire(import.meta.url);
const serverRouterPath = require.resolve("@remix-run/router");
const serverRouter = require(serverRouterPath) as { matchRoutes: Matcher };

// A tree shaped like the app's: a root layout, index, static, dynamic, nested and splat routes.
const routes = [
  {
    id: "root",
    path: "",
    children: [
      { id: "index", index: true },
      { id: "leaderboard", path: "leaderboard" },
      { id: "api-stats", path: "api/affiliate/stats" },
      { id: "api-user", path: "api/users/:id" },
      { id: "api-splat", path: "api/*" },
      { id: "wager-races", path: "wager-races", children: [{ id: "race", path: ":id" }] },
      { id: "admin", path: "admin", children: [{ id: "admin-index", index: true }] },
      { id: "splat", path: "*" },
    ],
  },
];
const PATHS = [
  "/",
  "/leaderboard",
  "/LEADERBOARD/",
  "/api/affiliate/stats",
  "/api/users/7",
  "/api/users/a%2Fb",
  "/api/nothing/here",
  "/wager-races",
  "/wager-races/42",
  "/admin",
  "/no/such/page",
];

const summary = (matches: ReturnType<Matcher>) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname }));

describe("the patched server route matching", () => {
  it("is the patched file (npm's postinstall applies patches/)", () => {
    expect(readFileSync(serverRouterPath, "utf8")).toContain("rankedBranchesCache");
  });

  it("matches every path as the unpatched browser build does, the first time and again", () => {
    for (let round = 0; round < 2; round += 1) {
      for (const path of PATHS) {
        expect(summary(serverRouter.matchRoutes(routes, path)), path).toEqual(
          summary(browserRouter.matchRoutes(routes, path)),
        );
      }
    }
  });

  it("gives each caller its own matches and params", () => {
    const first = serverRouter.matchRoutes(routes, "/api/users/7");
    expect(first?.at(-1)?.params).toEqual({ id: "7" });
    if (first?.[0]) (first[0].params as Record<string, string>).id = "changed";
    const second = serverRouter.matchRoutes(routes, "/api/users/7");
    expect(second?.at(-1)?.params).toEqual({ id: "7" });
    expect(second?.[0]?.params).toBe(second?.at(-1)?.params);
  });

  it("sees routes added to a tree after it was first matched", () => {
    const tree = [{ id: "a", path: "a" }];
    expect(serverRouter.matchRoutes(tree, "/b")).toBeNull();
    tree.push({ id: "b", path: "b" });
    expect(summary(serverRouter.matchRoutes(tree, "/b"))).toEqual([
      { id: "b", params: {}, pathname: "/b" },
    ]);
  });
});
