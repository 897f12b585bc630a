// The signed-in player's place on /wager-races (docs/decisions/0064) is theirs alone: built here
// from the real root, race route and entry.server behind the app's caches, a linked player's page
// carries their row and goes out private; visitors' cached pages and other players never get it.
// The route is marked for the visitor page cache here (as a cheaper /wager-races may mark it), so
// the cache is in play; a page spliced from the visitor's (decision 0042) would lose the row, and
// fails this test.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrateToLatest } from "~db";
import * as entryServer from "~/entry.server";
import { testHttpApp } from "../../http-app";
import { URL_ONLY_PAGE_HEADERS } from "~/http/page-cache.server";
import * as root from "~/root";
import * as wagerRaces from "~/routes/wager-races._index";
import { db } from "~/services/db.server";
import { ensureMonthlyRace } from "~/services/races/race-store.server";
import { insertPlayer, insertSession, insertUser } from "../../factories";
import { signedInCookie } from "../session-cookie";

// The built stylesheet is not there in unit tests.
vi.mock("~/http/stylesheet-text.server", () => ({ stylesheetText: () => "body{margin:0}" }));

const RACE_ROUTE = "routes/wager-races._index";
const routeAsset = (id: string, module: string, parentId?: string) => ({
  id,
  parentId,
  path: id === "root" ? "" : "wager-races",
  index: id === RACE_ROUTE ? true : undefined,
  module,
  imports: [],
  hasLoader: true,
  hasAction: false,
  hasClientLoader: false,
  hasClientAction: false,
  hasErrorBoundary: id === "root",
});

const build = {
  mode: "production",
  entry: { module: entryServer },
  routes: {
    root: { id: "root", path: "", module: root },
    [RACE_ROUTE]: {
      id: RACE_ROUTE,
      parentId: "root",
      path: "wager-races",
      index: true,
      module: { ...wagerRaces, headers: () => URL_ONLY_PAGE_HEADERS },
    },
  },
  assets: {
    entry: { module: "/build/entry.client.js", imports: [] },
    routes: {
      root: routeAsset("root", "/build/root.js"),
      [RACE_ROUTE]: routeAsset(RACE_ROUTE, "/build/wager-races.js", "root"),
    },
    url: "/build/manifest-test.js",
    version: "test",
  },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: { v3_singleFetch: true, v3_lazyRouteDiscovery: true, v3_relativeSplatPath: true },
  isSpaMode: false,
} as unknown as ServerBuild;

let server: Server;
let origin = "";
let twelfth = "";
let eleventh = "";

async function signedIn(fields: Parameters<typeof insertUser>[1]): Promise<string> {
  const { token } = await insertSession(db, await insertUser(db, fields));
  return await signedInCookie(token);
}

async function page(cookie?: string) {
  const response = await fetch(`${origin}/wager-races`, { headers: cookie ? { cookie } : {} });
  const body = await response.text();
  return {
    status: response.status,
    cacheControl: response.headers.get("cache-control"),
    pageCache: response.headers.get("x-page-cache"),
    // The pinned part of the page: from its section to the end of the participants' section.
    pinned: /data-testid="pinned-standing".*?<\/section>/s.exec(body)?.[0] ?? null,
  };
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-24T02:00:00.000Z"));
  await migrateToLatest(db);
  // Twelve players 100 apart this month: Runner01 wagered 1,200 ... Runner12 100.
  for (let i = 1; i <= 12; i += 1) {
    const name = `Runner${String(i).padStart(2, "0")}`;
    await insertPlayer(db, {
      uid: `runner${i}`,
      name,
      snapshots: [
        ["2026-11-01T00:00:00.000Z", 0],
        ["2026-11-10T00:00:00.000Z", (13 - i) * 100],
      ],
    });
  }
  await ensureMonthlyRace(new Date());
  twelfth = await signedIn({ username: "twelfth_fan", goated_id: "runner12" });
  eleventh = await signedIn({ username: "eleventh_fan", goated_id: "runner11" });

  const app = testHttpApp({ build, syncGeneration: () => 1 });
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  vi.useRealTimers();
});

describe("the pinned row on /wager-races", () => {
  it("is in the linked player's own page only, never in a visitor's kept page or another's", async () => {
    // A visitor's page, kept by the visitor page cache: nobody's row.
    expect(await page()).toMatchObject({ status: 200, pinned: null });
    expect(await page()).toMatchObject({ pageCache: "hit", pinned: null });

    const mine = await page(twelfth);
    // Rendered for this request: neither the visitors' kept page nor spliced from it.
    expect(mine).toMatchObject({ status: 200, cacheControl: "private, no-store", pageCache: null });
    expect(mine.pinned).toContain("Runner12");
    expect(mine.pinned).toContain("$200.01 more puts you in the prizes");

    // Another linked player gets their own row, made for their request.
    const theirs = await page(eleventh);
    expect(theirs).toMatchObject({ cacheControl: "private, no-store", pageCache: null });
    expect(theirs.pinned).toContain("Runner11");
    expect(theirs.pinned).not.toContain("Runner12");

    // The visitors' kept page never took a player's row; the player's next page is theirs again.
    expect(await page()).toMatchObject({ pageCache: "hit", pinned: null });
    expect((await page(twelfth)).pinned).toContain("Runner12");
  });
});
