import { rmSync } from "node:fs";
import type { BrowserContext } from "@playwright/test";
import WebSocket from "ws";
import { openDatabase } from "~db";
import { insertSession, insertUser, uniqueName } from "../factories";
import { maskPlayerName } from "~/domain/player-names";
import { expect, storedPlayerCount, test } from "./fixtures";
import { ownPort, startOwnServer } from "./own-server";
import type { OwnServer } from "./own-server";

// Privacy by choice (issue 34 item 3, docs/decisions/0081), on a server of its own: the masking
// setting is site-wide, and the shared server's other specs read real names.

const OWN_PORTS: Record<string, number | undefined> = {
  "js-off": ownPort("name-privacy-js-off"),
  "js-on": ownPort("name-privacy-js-on"),
};

interface Started {
  server: OwnServer;
  databasePath: string;
}

async function startServer(project: string): Promise<Started> {
  const port = OWN_PORTS[project];
  if (!port) throw new Error(`no port for ${project}`);
  const folder = `tests/.tmp/name-privacy-${project}`;
  rmSync(folder, { recursive: true, force: true });
  const databasePath = `${folder}/goatedvips.sqlite`;
  const server = startOwnServer(port, {
    DATABASE_PATH: databasePath,
    SESSION_SECRET: "name-privacy-secret-long-enough-to-sign",
    // The demo source: 2,000 players whose wagers advance on every sync.
    GOATED_API_TOKEN: "",
    SYNC_INTERVAL_SECONDS: "2",
    BACKUP_INTERVAL_HOURS: "0",
  });
  await expect.poll(() => storedPlayerCount(server.origin), { timeout: 60_000 }).toBe(2000);
  return { server, databasePath };
}

/** A signed-in account on the server's database (admin, or linked to the player `linkedTo`). */
async function signedIn(
  context: BrowserContext,
  { server, databasePath }: Started,
  options: { isAdmin?: boolean; linkedTo?: StatsEntry },
) {
  const db = openDatabase(databasePath);
  try {
    const id = await insertUser(db, {
      username: uniqueName("privacy"),
      is_admin: options.isAdmin ? 1 : 0,
      // As an approved link request leaves it.
      goated_id: options.linkedTo?.uid ?? null,
      goated_username: options.linkedTo?.name ?? null,
    });
    const { token } = await insertSession(db, id, { user_agent: "Playwright" });
    const value = Buffer.from(JSON.stringify(token)).toString("base64");
    await context.addCookies([{ name: "gv_session", value, url: server.origin }]);
    return { id, token };
  } finally {
    await db.destroy();
  }
}

interface StatsEntry {
  uid: string;
  name: string;
}
interface Stats {
  data: Record<string, { data: StatsEntry[] }>;
}

test("with names masked, no public page, API answer or socket message holds a masked player's real name", async ({
  browser,
}, info) => {
  test.skip(info.project.name !== "js-off", "a server-level scan: one project is enough");
  test.setTimeout(180_000);
  const started = await startServer(info.project.name);
  const { origin } = started.server;
  const context = await browser.newContext();
  const socket = new WebSocket(`${origin.replace(/^http/, "ws")}/ws/leaderboard`, { origin });
  const messages: string[] = [];
  socket.on("message", (data: Buffer) => messages.push(data.toString("utf8")));
  try {
    const get = (path: string, init?: RequestInit) =>
      fetch(`${origin}${path}`, init).then(async (r) => ({
        status: r.status,
        text: await r.text(),
      }));
    // The real names: every period's top 20 (names long enough not to be words of the pages).
    const stats = JSON.parse((await get("/api/affiliate/stats?page=1&limit=20")).text) as Stats;
    const players = new Map<string, string>();
    for (const board of Object.values(stats.data)) {
      for (const entry of board.data)
        if (entry.name.length >= 8) players.set(entry.uid, entry.name);
    }
    const realNames = [...players.values()];
    expect(realNames.length).toBeGreaterThan(5);

    // An admin masks names (the API; the form has its own test below).
    const admin = await signedIn(context, started, { isAdmin: true });
    const masked = await fetch(`${origin}/api/admin/settings`, {
      method: "PUT",
      headers: {
        Authorization: `Bearer ${admin.token}`,
        "Content-Type": "application/json",
        Origin: origin,
      },
      body: JSON.stringify({ maskPlayerNames: true }),
    });
    expect(masked.status).toBe(200);

    // The current race completes while names are masked: its RACE_COMPLETED message, its frozen
    // result, payouts and proof are public too.
    const current = JSON.parse((await get("/api/wager-races/current")).text) as { id: number };
    const raceId = current.id;
    const completed = await fetch(`${origin}/api/admin/wager-races/${raceId}/status`, {
      method: "PUT",
      headers: {
        Authorization: `Bearer ${admin.token}`,
        "Content-Type": "application/json",
        Origin: origin,
      },
      body: JSON.stringify({ status: "completed" }),
    });
    expect(completed.status).toBe(200);
    // A sync after the change pushes a LEADERBOARD_UPDATE.
    await expect
      .poll(() => messages.filter((m) => m.includes('"LEADERBOARD_UPDATE"')).length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    expect(messages.some((m) => m.includes('"RACE_COMPLETED"'))).toBe(true);

    const [searchedUid, searchedName] = [...players.entries()][0]!;
    const search = encodeURIComponent(searchedName);
    const paths = [
      "/",
      "/leaderboard",
      "/leaderboard?period=daily",
      "/leaderboard?period=weekly",
      "/leaderboard?period=monthly",
      "/leaderboard?period=all_time",
      ...[...players.keys()].slice(0, 3).map((uid) => `/leaderboard?period=all_time&player=${uid}`),
      "/wager-races",
      `/wager-races/${raceId}`,
      `/wager-races/${raceId}/proof`,
      "/wager-races/history",
      "/api/affiliate/stats",
      "/api/affiliate/stats?page=1&limit=100",
      "/api/wager-races/current",
      "/api/wager-races/previous",
      `/api/wager-races/${raceId}/payouts`,
      `/api/wager-races/${raceId}/proof`,
      `/api/wager-race/position?username=${search}`,
    ];
    const answers: Array<{ path: string; status: number; text: string }> = [];
    for (const path of paths) answers.push({ path, ...(await get(path)) });
    for (const { path, status } of answers) expect(status, path).toBeLessThan(500);
    for (const [i, text] of [...answers.map((a) => a.text), ...messages].entries()) {
      const where = answers[i]?.path ?? `socket message ${messages[i - answers.length]}`;
      for (const name of realNames) expect(text.includes(name), `${name} in ${where}`).toBe(false);
    }
    // What they show instead: the masks.
    const leaderboard = answers.find((a) => a.path === "/leaderboard?period=all_time")!.text;
    expect(leaderboard).toContain("****");
    // A search by the real name (which the page repeats in its field) finds no one; by the mask,
    // the player is among the matches.
    const byName = await get(`/leaderboard?period=all_time&q=${search}`);
    expect(byName.text).not.toContain(`player=${searchedUid}`);
    const byMask = await get(
      `/leaderboard?period=all_time&q=${encodeURIComponent(maskPlayerName(searchedName))}`,
    );
    expect(byMask.text).toContain(maskPlayerName(searchedName));
  } catch (error) {
    console.log(started.server.output().slice(-3000));
    throw error;
  } finally {
    socket.close();
    await context.close();
    await started.server.stop();
  }
});

test("an admin masks names with the settings form; a linked member shows their own", async ({
  browser,
}, info) => {
  test.skip(!OWN_PORTS[info.project.name], "js-off and js-on cover it");
  test.setTimeout(180_000);
  const started = await startServer(info.project.name);
  const { origin } = started.server;
  const adminContext = await browser.newContext();
  const memberContext = await browser.newContext();
  const visitorContext = await browser.newContext();
  try {
    const stats = JSON.parse(
      await (await fetch(`${origin}/api/affiliate/stats?page=1&limit=2`)).text(),
    ) as Stats;
    const [member, other] = Object.values(stats.data).at(-1)!.data;
    expect(member && other).toBeTruthy();
    await signedIn(adminContext, started, { isAdmin: true });
    await signedIn(memberContext, started, { linkedTo: member });

    const admin = await adminContext.newPage();
    await admin.goto(`${origin}/admin/settings`);
    await admin.getByLabel(/^Mask players' names/).check();
    await admin.getByRole("button", { name: "Save" }).click();
    await expect(admin.getByText("Site settings saved.").first()).toBeVisible();
    await expect(admin.getByLabel(/^Mask players' names/)).toBeChecked();

    const visitor = await visitorContext.newPage();
    const board = visitor.locator("tbody");
    await visitor.goto(`${origin}/leaderboard?period=all_time`);
    await expect(board).toContainText(maskPlayerName(member!.name));
    await expect(board).not.toContainText(member!.name);

    const profile = await memberContext.newPage();
    await profile.goto(`${origin}/profile`);
    await expect(profile.getByRole("heading", { name: "Your name in public" })).toBeVisible();
    await expect(profile.getByLabel(/^Keep it masked/)).toBeChecked();
    await profile.getByLabel(/^Show my name/).check();
    await profile.locator("#player-name").getByRole("button", { name: "Save" }).click();
    await expect(profile.getByText("Your name is shown").first()).toBeVisible();
    await expect(profile.getByLabel(/^Show my name/)).toBeChecked();

    await visitor.goto(`${origin}/leaderboard?period=all_time`);
    await expect(board).toContainText(member!.name);
    await expect(board).toContainText(maskPlayerName(other!.name));
    await expect(board).not.toContainText(other!.name);

    // Shown again for everyone once the admin turns masking off.
    await admin.getByLabel(/^Show players' names/).check();
    await admin.getByRole("button", { name: "Save" }).click();
    await expect(admin.getByLabel(/^Show players' names/)).toBeChecked();
    await visitor.goto(`${origin}/leaderboard?period=all_time`);
    await expect(board).toContainText(other!.name);
  } finally {
    await Promise.all([adminContext, memberContext, visitorContext].map((c) => c.close()));
    await started.server.stop();
  }
});
