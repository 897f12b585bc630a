// Signed-in pages spliced from the visitor's page (docs/decisions/0042): for every kind of user and
// request, what the app sends is byte for byte (but for the CSP nonce) the page Remix renders in
// full for the same request, built here from the real root, leaderboard, VIP program, home and
// race routes and entry.server. The home page and the race are pages rendered for a member's
// loader data (docs/decisions/0112).
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestHandler } from "@remix-run/node";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrateToLatest } from "~db";
import * as entryServer from "~/entry.server";
import { testHttpApp } from "../../http-app";
import { createToastHeaders } from "~/http/toast.server";
import * as root from "~/root";
import * as leaderboard from "~/routes/leaderboard";
import * as vipProgram from "~/routes/vip-program";
import * as home from "~/routes/_index";
import * as wagerRaces from "~/routes/wager-races._index";
import { raceWidgetCookie } from "~/http/cookies.server";
import { WIDGET_DISMISSED } from "~/services/races/race-widget.server";
import { db } from "~/services/db.server";
import { addNotifications } from "~/services/notifications/notifications.server";
import { sessionCookie } from "~/http/cookies.server";
import { insertPlayer, insertRace, insertSession, insertUser } from "../../factories";
import { cutAround, fillIn, isJsonData } from "~/http/signed-in-documents.server";
import type { SignedInFrame } from "~/http/signed-in-documents.server";
import { signedInCookie } from "../session-cookie";
import { shellPartsRenderer } from "~/components/shell/shell-parts.server";
import type { ShellState } from "~/components/shell/shell-parts.server";
import { requestShell } from "~/services/auth/shell-user.server";

// The built stylesheet is not there in unit tests; its text is the same in both renders anyway.
vi.mock("~/http/stylesheet-text.server", () => ({ stylesheetText: () => "body{margin:0}" }));

const routeAsset = (id: string, module: string, parentId?: string, path?: string) => ({
  id,
  parentId,
  path: path ?? (id === "root" ? "" : id.replace("routes/", "")),
  ...(path === undefined && id.endsWith("_index") ? { index: true } : {}),
  module,
  imports: [],
  hasLoader: id !== "routes/vip-program",
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
    "routes/leaderboard": {
      id: "routes/leaderboard",
      parentId: "root",
      path: "leaderboard",
      module: leaderboard,
    },
    "routes/vip-program": {
      id: "routes/vip-program",
      parentId: "root",
      path: "vip-program",
      module: vipProgram,
    },
    "routes/_index": { id: "routes/_index", parentId: "root", index: true, module: home },
    "routes/wager-races._index": {
      id: "routes/wager-races._index",
      parentId: "root",
      path: "wager-races",
      index: true,
      module: wagerRaces,
    },
  },
  assets: {
    entry: { module: "/build/entry.client.js", imports: [] },
    routes: {
      root: routeAsset("root", "/build/root.js"),
      "routes/leaderboard": routeAsset("routes/leaderboard", "/build/leaderboard.js", "root"),
      "routes/vip-program": routeAsset("routes/vip-program", "/build/vip-program.js", "root"),
      "routes/_index": {
        ...routeAsset("routes/_index", "/build/index.js", "root"),
        path: undefined,
      },
      "routes/wager-races._index": {
        ...routeAsset("routes/wager-races._index", "/build/wager-races.js", "root"),
        path: "wager-races",
        index: true,
      },
    },
    url: "/build/manifest-test.js",
    version: "test",
  },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: { v3_singleFetch: true, v3_lazyRouteDiscovery: true, v3_relativeSplatPath: true },
  isSpaMode: false,
} as unknown as ServerBuild;

// Remix's own full render of a request: what the app sent before decision 0042.
const renderInFull = createRequestHandler(build, "production");

let generation = 1;
/** The app with its departures from stock Remix, and with STOCK_REMIX=1 (none of them). */
const MODES = ["departures", "stock"] as const;
type Mode = (typeof MODES)[number];
const servers: Server[] = [];
const origins: Record<Mode, string> = { departures: "", stock: "" };

interface Page {
  status: number;
  spliced: boolean;
  /** X-Page-Cache: a page cache's answer (hit, spliced), or null. */
  cache: string | null;
  setCookie: string[];
  body: string;
}

/** The page as the app sends it, its nonce written as NONCE. */
async function viaApp(path: string, cookie?: string, mode: Mode = "departures"): Promise<Page> {
  const response = await fetch(`${origins[mode]}${path}`, { headers: cookie ? { cookie } : {} });
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const body = await response.text();
  return {
    status: response.status,
    spliced: response.headers.get("x-page-cache") === "spliced",
    cache: response.headers.get("x-page-cache"),
    setCookie: response.headers.getSetCookie(),
    body: nonce ? body.replaceAll(nonce, "NONCE") : body,
  };
}

/** The same request rendered in full by Remix. */
async function inFull(path: string, cookie?: string, mode: Mode = "departures"): Promise<Page> {
  const response = await renderInFull(
    new Request(`${origins.departures}${path}`, { headers: cookie ? { cookie } : {} }),
    { cspNonce: "NONCE", clientIp: "127.0.0.1", stockRemix: mode === "stock" },
  );
  return {
    status: response.status,
    spliced: false,
    cache: null,
    setCookie: response.headers.getSetCookie(),
    body: await response.text(),
  };
}

async function signedIn(fields: Parameters<typeof insertUser>[1] = {}): Promise<string> {
  const userId = await insertUser(db, fields);
  const { token } = await insertSession(db, userId);
  return await signedInCookie(token);
}

/** The site's HTTP layer around the build, freshly started: it knows no page yet. */
async function startApp(mode: Mode = "departures"): Promise<{ server: Server; origin: string }> {
  // The switch is read where the app is made (app/server/config.server.ts).
  if (mode === "stock") process.env.STOCK_REMIX = "1";
  const app = testHttpApp({ build, syncGeneration: () => generation });
  delete process.env.STOCK_REMIX;
  const started = app.listen(0);
  await new Promise((resolve) => started.once("listening", resolve));
  return { server: started, origin: `http://127.0.0.1:${(started.address() as AddressInfo).port}` };
}

/** The app with the frame's parts made by `renderer` (to count the renders), listening. */
async function startAppWithFrame(
  renderer: SignedInFrame["renderer"],
): Promise<{ server: Server; origin: string }> {
  const server = testHttpApp({
    build,
    syncGeneration: () => generation,
    signedInFrame: { read: requestShell, renderer },
  }).listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let member = "";
let admin = "";
let linkedWithNews = "";
let toastCookie = "";
let widgetDismissed = "";

beforeAll(async () => {
  // Both renders must see the same clock: the page says how old its data is.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-24T02:00:00.000Z"));
  await migrateToLatest(db);
  for (let i = 0; i < 30; i += 1) {
    await insertPlayer(db, {
      uid: `uid${i}`,
      name: `Player <${i}> & "co"`,
      today: 1000 - i,
      this_week: 2000 - i,
      this_month: 3000 - i,
      all_time: 4000 - i,
    });
  }
  member = await signedIn({ username: "member_one" });
  admin = await signedIn({ username: "the_admin", is_admin: 1 });
  linkedWithNews = await signedIn({ username: "linked_news", goated_id: "uid3" });
  const [newsUserId] = await db
    .selectFrom("users")
    .select("id")
    .where("username", "=", "linked_news")
    .execute();
  await addNotifications(db, [
    { userId: newsUserId?.id ?? 0, kind: "announcement", title: "Hi", message: "Two" },
    { userId: newsUserId?.id ?? 0, kind: "announcement", title: "Hi", message: "Three" },
  ]);
  const toastHeader = (
    await createToastHeaders({ type: "destructive", title: "Login <Failed>", description: "No" })
  ).get("Set-Cookie");
  toastCookie = toastHeader?.split(";")[0] ?? "";
  widgetDismissed = (await raceWidgetCookie.serialize(WIDGET_DISMISSED)).split(";")[0] ?? "";
  // The month's race, running: a linked player (uid3) has their own place in it.
  await insertRace(db, {
    title: "November <Race>",
    type: "monthly",
    start_date: "2026-11-01T00:00:00.000Z",
    end_date: "2026-12-01T00:00:00.000Z",
  });

  for (const mode of MODES) {
    const { server, origin } = await startApp(mode);
    servers.push(server);
    origins[mode] = origin;
  }
  // The route says so in its first answer; from then on its signed-in pages are spliced.
  await viaApp("/leaderboard", member);
  await viaApp("/vip-program", member);
  await viaApp("/", member);
  await viaApp("/wager-races", member);
});

afterAll(() => {
  for (const server of servers) server.close();
  vi.useRealTimers();
});

describe("a signed-in page spliced from the visitor's page", () => {
  const cases: Array<[string, string, () => string]> = [
    ["a visitor", "/leaderboard", () => ""],
    ["a member", "/leaderboard", () => member],
    ["an admin", "/leaderboard", () => admin],
    ["a linked player with unread notifications", "/leaderboard", () => linkedWithNews],
    ["a member with a flash toast", "/leaderboard", () => `${member}; ${toastCookie}`],
    ["a member searching", "/leaderboard?period=weekly&q=Player&page=2", () => member],
    ["a member looking at a player", "/leaderboard?period=monthly&player=uid4", () => member],
    ["an admin on another period", "/leaderboard?period=all_time", () => admin],
    // A page of fixed text: only the frame is the user's (the mixed bench's busiest full render).
    ["a member on the VIP program", "/vip-program", () => member],
    ["an admin on the VIP program", "/vip-program", () => admin],
    // Pages rendered for the member's loader data: the same data, the same page.
    ["a visitor at home", "/", () => ""],
    ["a member at home", "/", () => member],
    ["an admin at home", "/", () => admin],
    ["a linked player at home (their place in the race)", "/", () => linkedWithNews],
    ["a member at home, the race widget dismissed", "/", () => `${member}; ${widgetDismissed}`],
    ["a member at home with a flash toast", "/", () => `${member}; ${toastCookie}`],
    ["a member at home looking at a player", "/?player=uid4", () => member],
    ["a member at the race", "/wager-races", () => member],
    ["a linked player at the race (their place)", "/wager-races", () => linkedWithNews],
  ];

  // Byte for byte in both modes: with the departures (spliced, kept) and as stock Remix (rendered).
  describe.each(MODES)("%s", (mode) => {
    it.each(cases)("is the full render for %s (%s)", async (_who, path, cookieOf) => {
      const cookie = cookieOf();
      const sent = await viaApp(path, cookie || undefined, mode);
      // Twice: the second comes from the page kept by the first.
      const again = await viaApp(path, cookie || undefined, mode);
      const full = await inFull(path, cookie || undefined, mode);
      expect(full.status).toBe(200);
      expect(sent.status).toBe(200);
      expect(sent.spliced).toBe(mode === "departures" && cookie !== "");
      expect(again.spliced).toBe(mode === "departures" && cookie !== "");
      if (mode === "stock") expect([sent.cache, again.cache]).toEqual([null, null]);
      expect(sent.body).toBe(full.body);
      expect(again.body).toBe(full.body);
      expect(sent.setCookie).toEqual(full.setCookie);
    });
  });

  it("shows each user their own frame, never another's", async () => {
    const [one, two] = await Promise.all([
      viaApp("/leaderboard?period=daily", member),
      viaApp("/leaderboard?period=daily", admin),
    ]);
    expect(one.spliced && two.spliced).toBe(true);
    expect(one.body).toContain("member_one");
    expect(one.body).not.toContain("the_admin");
    expect(two.body).toContain("the_admin");
    expect(two.body).not.toContain("member_one");
    // The cases above cover each part of the frame: the rank badge, the unread count, the toast.
    const [linked, toasted] = await Promise.all([
      viaApp("/leaderboard?period=daily", linkedWithNews),
      viaApp("/leaderboard?period=daily", `${member}; ${toastCookie}`),
    ]);
    expect(linked.body).toContain('id="header-rank-tooltip"');
    expect(linked.body).toContain("2 unread notifications");
    expect(toasted.body).toContain("Login &lt;Failed&gt;");
  });

  it("shows each member their own place in the race, never another's", async () => {
    for (const path of ["/", "/wager-races"]) {
      const [linked, other] = await Promise.all([
        viaApp(path, linkedWithNews),
        viaApp(path, member),
      ]);
      expect(linked.spliced && other.spliced).toBe(true);
      const standing = path === "/" ? "widget-standing" : "pinned-standing";
      expect(linked.body).toContain(`data-testid="${standing}"`);
      expect(other.body).not.toContain(`data-testid="${standing}"`);
      expect(linked.body).toContain("linked_news");
      expect(other.body).not.toContain("linked_news");
    }
  });

  it("shows an admin's change to the race at once, with no sync (the page is kept by its data)", async () => {
    expect((await viaApp("/wager-races", member)).body).toContain("November &lt;Race&gt;");
    await db.updateTable("races").set({ title: "Renamed <Race>" }).execute();
    try {
      const after = await viaApp("/wager-races", member);
      expect(after.spliced).toBe(true);
      expect(after.body).toContain("Renamed &lt;Race&gt;");
      expect(after.body).toBe((await inFull("/wager-races", member)).body);
    } finally {
      await db.updateTable("races").set({ title: "November <Race>" }).execute();
    }
  });

  it("renders a page for members' data once, however many members have that data", async () => {
    const rendered: string[] = [];
    const { server: app, origin } = await startAppWithFrame(async (url) => {
      rendered.push(url);
      return shellPartsRenderer(url);
    });
    const page = async (cookie: string) => {
      const response = await fetch(`${origin}/wager-races`, { headers: { cookie } });
      await response.text();
      return response.headers.get("x-page-cache");
    };
    try {
      await page(member); // the route's first answer, in full
      // Two members with the same data (neither linked): one page; the linked player: their own.
      expect([await page(member), await page(admin), await page(linkedWithNews)]).toEqual([
        "spliced",
        "spliced",
        "spliced",
      ]);
      expect(rendered).toHaveLength(2);
      await page(admin);
      expect(rendered).toHaveLength(2);
    } finally {
      app.close();
    }
  });

  it("shows what changed once the generation moves (a sync, an admin's change)", async () => {
    const path = "/leaderboard?period=daily&q=Renamed";
    expect((await viaApp(path, member)).body).toContain("No players match");
    await db
      .updateTable("players")
      .set({ name: "Renamed Player" })
      .where("uid", "=", "uid0")
      .execute();
    // Same generation: the kept page (as for visitors, decision 0006).
    expect((await viaApp(path, member)).body).toContain("No players match");
    generation += 1;
    const after = await viaApp(path, member);
    expect(after.spliced).toBe(true);
    expect(after.body).toContain("Renamed Player");
    expect(after.body).toBe((await inFull(path, member)).body);
  });

  it("sends a page aged only by the clock while it is rendered again behind it", async () => {
    const path = "/leaderboard?period=weekly&q=Aged";
    const start = Date.now();
    try {
      expect((await viaApp(path, member)).body).toContain("No players match");
      await db
        .updateTable("players")
        .set({ name: "Aged Player" })
        .where("uid", "=", "uid1")
        .execute();
      // Past ttlMs (30 s) in the same generation: the kept page at once, a rebuild behind it.
      vi.setSystemTime(start + 31_000);
      const aged = await viaApp(path, member);
      expect(aged.spliced).toBe(true);
      expect(aged.body).toContain("No players match");
      await vi.waitFor(async () => {
        expect((await viaApp(path, member)).body).toContain("Aged Player");
      });
      // Past twice ttlMs, a request waits for the page rendered again.
      await db
        .updateTable("players")
        .set({ name: "Aged Again" })
        .where("uid", "=", "uid1")
        .execute();
      vi.setSystemTime(start + 200_000);
      const old = await viaApp(path, member);
      expect(old.body).toContain("Aged Again");
      expect(old.body).toBe((await inFull(path, member)).body);
    } finally {
      vi.setSystemTime(start);
    }
  });

  it("renders a user's frame at a URL once, however often the page behind it is rendered again", async () => {
    // Kept per template, every member's header and overlays were rendered again each time a page
    // was (every 30 s): a tenth of the mixed bench's server thread.
    const frames: string[] = [];
    const { server: app, origin } = await startAppWithFrame(async (url) => {
      const parts = await shellPartsRenderer(url);
      return {
        render: (state) => {
          frames.push(state.user ? "member" : "visitor");
          return parts.render(state as ShellState);
        },
      };
    });
    const path = "/vip-program";
    const page = async () => {
      const response = await fetch(`${origin}${path}`, { headers: { cookie: member } });
      return { spliced: response.headers.get("x-page-cache"), body: await response.text() };
    };
    const start = Date.now();
    try {
      await page(); // the route's first answer, in full
      expect((await page()).spliced).toBe("spliced");
      expect(frames).toEqual(["visitor", "member"]);
      // Past ttlMs: the page is rendered again behind the kept one, the member's frame is not.
      vi.setSystemTime(start + 31_000);
      await page();
      await vi.waitFor(() => expect(frames).toEqual(["visitor", "member", "visitor"]));
      const again = await page();
      expect(again.spliced).toBe("spliced");
      expect(frames).toEqual(["visitor", "member", "visitor"]);
      expect(again.body.replace(/nonce="[^"]+"/g, "")).toContain("member_one");
    } finally {
      vi.setSystemTime(start);
      app.close();
    }
  });

  it("hands compression the page as bytes, not a string it must measure and encode", async () => {
    // Buffer.byteLength of the page joined as a string (a two-byte rope of ~100 KB) cost about
    // 2.5 ms, more than the rest of a spliced request (compression measures what it is given).
    const measured = vi.spyOn(Buffer, "byteLength");
    try {
      const page = await viaApp("/leaderboard?period=weekly", member);
      expect(page.spliced).toBe(true);
      const strings = measured.mock.calls.filter(([what]) => typeof what === "string");
      expect(strings.map(([text]) => String(text).length).filter((n) => n > 5_000)).toEqual([]);
    } finally {
      measured.mockRestore();
    }
  });

  it("renders one page in full when members arrive together at a fresh start, and splices the rest", async () => {
    // 200 members arriving at a freshly started server each rendered in full: until a path's
    // first answer said its pages could be spliced, nothing knew (the mixed bench's slowest 1%).
    const fresh = await startApp();
    try {
      const cookies = [member, admin, linkedWithNews, member, admin, linkedWithNews, member, admin];
      const pages = await Promise.all(
        cookies.map(async (cookie) => {
          const response = await fetch(`${fresh.origin}/vip-program`, { headers: { cookie } });
          await response.text();
          return { status: response.status, spliced: response.headers.get("x-page-cache") };
        }),
      );
      expect(pages.map((page) => page.status)).toEqual(cookies.map(() => 200));
      expect(pages.filter((page) => page.spliced === "spliced")).toHaveLength(cookies.length - 1);
    } finally {
      fresh.server.close();
    }
  });

  it("renders in full for a Bearer token or a session that has ended", async () => {
    const bearer = await fetch(`${origins.departures}/leaderboard`, {
      headers: { authorization: "Bearer nobody" },
    });
    expect(bearer.headers.get("x-page-cache")).toBeNull();
    const ended = await viaApp("/leaderboard", `${sessionCookie.name}=not-a-session`);
    expect(ended.spliced).toBe(false);
    expect(ended.body).toContain("Sign in");
  });
});

describe("cutAround and fillIn", () => {
  it("cuts a page around parts found once each, in order, and puts others in their places", () => {
    const pieces = cutAround("<a>H</a><main/>O<s>D</s>", ["<a>H</a>", "O", "<s>D</s>"]);
    expect(pieces).toEqual(["", "<main/>", "", ""]);
    const utf8 = (texts: string[]) => texts.map((text) => Buffer.from(text));
    expect(fillIn(utf8(pieces ?? []), utf8(["<a>h</a>", "o", "<s>d</s>"])).toString()).toBe(
      "<a>h</a><main/>o<s>d</s>",
    );
  });

  it("refuses parts that are missing, repeated, empty or out of order", () => {
    expect(cutAround("abc", ["x"])).toBeNull();
    expect(cutAround("abab", ["ab"])).toBeNull();
    expect(cutAround("abc", [""])).toBeNull();
    expect(cutAround("abc", ["c", "a"])).toBeNull();
  });
});

describe("isJsonData", () => {
  it("takes data its JSON writes whole, and nothing that JSON would write like something else", () => {
    expect(isJsonData({ a: [1, "b", null, true, { c: 2.5 }] })).toBe(true);
    // Each of these is written as another value (a string, null, nothing, {}).
    for (const value of [new Date(0), NaN, Infinity, undefined, new Map(), { a: undefined }]) {
      expect(isJsonData({ route: value })).toBe(false);
    }
  });
});
