import { createHash, createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { migrateToLatest } from "~db";
import { insertPlayer, insertRace, insertSession } from "../../factories";
import {
  apiErrorSchema,
  leaderboardSocketMessageSchema,
  publicProfileSchema,
  sessionListSchema,
} from "~/domain/api-contract";
import { API_ENDPOINTS } from "~/domain/api-endpoints";
import { connectionTester } from "~/provider/client.server";
import { eventBus } from "~/server/domain-event-bus.server";
import { raceCompletedMessage, serverMessage } from "~/realtime/messages";
import type { ServerMessage } from "~/realtime/messages";
import { db } from "~/services/db.server";
import { leaderboardSnapshot } from "~/services/players/leaderboard-snapshot.server";
import { announceCompletion } from "~/services/races/race-announcement.server";
import { completeRace } from "~/services/races/race-results.server";
import { ensureMonthlyRace, findCurrentRace } from "~/services/races/race-store.server";
import { ensureAdmin } from "~/services/auth/users.server";
import { providerJwt } from "../../provider-jwt";
import { apiFetch, apiRouteFiles, routePathOf } from "./api-server";

/**
 * The contract suite: every implemented call of docs/product.md §P7 and §A7, made as the
 * original clients make it (method, fields, JSON bodies, cookies or a Bearer header), through
 * Remix's own handler, with each answer checked against its schema in app/domain/api-contract.ts.
 */

const now = new Date();
const DAY = 86_400_000;
const at = (msFromNow: number) => new Date(now.getTime() + msFromNow).toISOString();
const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
const beforeMonth = new Date(Date.parse(monthStart) - DAY).toISOString();

const PLAYER = { uid: "contract-player", name: "ContractGoat" };
const RIVAL = { uid: "contract-rival", name: "RivalGoat" };

/** The endpoints this suite has called, "METHOD /path/{id}"; compared with API_ENDPOINTS. */
const called = new Set<string>();

interface Answer {
  status: number;
  json: unknown;
  headers: Headers;
}

async function send(
  endpoint: string,
  url: string,
  init: { method: string; headers?: Record<string, string>; json?: unknown } = { method: "GET" },
): Promise<Answer> {
  called.add(endpoint);
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  const response = await apiFetch(
    url,
    {
      method: init.method,
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    },
    // The admin API-token test fetch: a closed port, so the provider "cannot be reached".
    { testProviderConnection: connectionTester("http://127.0.0.1:9", 1000) },
  );
  expect(response.headers.get("Content-Type"), `${endpoint} answers JSON`).toMatch(
    /^application\/json/,
  );
  return { status: response.status, json: await response.json(), headers: response.headers };
}

/** The answer's status, and its body parsed by the endpoint's schema (the error schema on 4xx). */
function expectAnswer(answer: Answer, status: number, schema: z.ZodType) {
  expect(answer.status, JSON.stringify(answer.json)).toBe(status);
  const parsed = (status < 400 ? schema : apiErrorSchema).safeParse(answer.json);
  expect(parsed.success ? [] : parsed.error.issues, JSON.stringify(answer.json)).toEqual([]);
}

function schemaOf(endpoint: string): z.ZodType {
  const found = API_ENDPOINTS.find((e) => `${e.method} ${e.path}` === endpoint);
  if (!found) throw new Error(`${endpoint} is not in API_ENDPOINTS`);
  return found.schema;
}

/** Calls `endpoint` ("METHOD /path/{id}") at `url` and checks status and shape. */
async function contract(
  endpoint: string,
  url: string,
  status: number,
  init?: { headers?: Record<string, string>; json?: unknown },
) {
  const answer = await send(endpoint, url, { method: endpoint.split(" ")[0] ?? "GET", ...init });
  expectAnswer(answer, status, schemaOf(endpoint));
  return answer;
}

const cookieOf = (answer: Answer) => (answer.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";

/** Spec public-site §7: "GET with credentials, no-cache headers, JSON reply". */
const fetchDefaults = (cookie: string) => ({
  Cookie: cookie,
  Accept: "application/json",
  "Cache-Control": "no-cache",
  Pragma: "no-cache",
});

async function seedPlayer(player: { uid: string; name: string }, snapshots: [string, number][]) {
  const allTime = snapshots.at(-1)?.[1] ?? 0;
  await insertPlayer(db, {
    ...player,
    // Provider floats with their noise: every answer must round them to cents.
    today: 1234.5600000001,
    this_week: 23846.91999999993,
    this_month: allTime - (snapshots[0]?.[1] ?? 0),
    updated_at: at(-60_000),
    wager_changed_at: at(-60_000),
    snapshots,
  });
}

/** A completed race with frozen results, `daysAgo` before now. */
function completedRace(title: string, daysAgo: number, results: [string, string, number][]) {
  return insertRace(db, {
    title,
    status: "completed",
    prize_pool_cents: 50_000,
    min_wager: 1,
    start_date: at(-(daysAgo + 7) * DAY),
    end_date: at(-daysAgo * DAY),
    created_at: at(-(daysAgo + 8) * DAY),
    updated_at: at(-daysAgo * DAY),
    completed_at: at(-daysAgo * DAY),
    results: results.map(([uid, name, wager], index) => ({
      uid,
      name,
      wager,
      prizeCents: [25_000, 15_000, 10_000][index] ?? 0,
    })),
  });
}

const user = {
  username: "contractGoat",
  password: "Contract-goat-7421-pass",
  email: "contract@example.com",
};
let userCookie = "";
let userId = 0;
let lastRaceId = 0;

beforeAll(async () => {
  await migrateToLatest(db);
  // Linked player: 150,000.123 all time (GOLD), 45,000.4567 wagered this month.
  await seedPlayer(PLAYER, [
    [beforeMonth, 105_000.0001],
    [at(-3_600_000), 150_000.12345],
  ]);
  await seedPlayer(RIVAL, [
    [beforeMonth, 1_000],
    [at(-3_600_000), 31_000.999999],
  ]);
  await completedRace("Older Weekly Race", 30, [
    [RIVAL.uid, RIVAL.name, 9_000.5],
    [PLAYER.uid, PLAYER.name, 8_000.25],
  ]);
  lastRaceId = await completedRace("Last Weekly Race", 3, [
    [PLAYER.uid, PLAYER.name, 12_345.678999],
    [RIVAL.uid, RIVAL.name, 10_000],
  ]);
  await ensureMonthlyRace(now);
  await ensureAdmin("contractAdmin", "Admin-goat-5820-pass");
});

describe("public-site §7, signed out and signing in", { timeout: 60_000 }, () => {
  it("POST /api/register with the three fields of spec §3 creates the account", async () => {
    const answer = await contract("POST /api/register", "/api/register", 201, { json: user });
    userCookie = cookieOf(answer);
    userId = (answer.json as { user: { id: number } }).user.id;
    expect(userCookie).toMatch(/^gv_session=/);
  });

  it("POST /api/auth/register takes the same three fields; a confirmation must still match", async () => {
    const other = {
      username: "otherGoat",
      password: "Other-goat-9157-pass",
      email: "other@example.com",
    };
    const mismatch = await contract("POST /api/auth/register", "/api/auth/register", 400, {
      json: { ...other, confirmPassword: "not-the-same" },
    });
    expect(mismatch.json).toMatchObject({
      errors: { confirmPassword: ["Passwords do not match"] },
    });
    await contract("POST /api/auth/register", "/api/auth/register", 201, { json: other });
    await contract("POST /api/auth/register", "/api/auth/register", 201, {
      json: {
        username: "confirmGoat",
        password: "Confirm-goat-3316-pass",
        confirmPassword: "Confirm-goat-3316-pass",
        email: "confirm@example.com",
      },
    });
  });

  it("POST /api/auth/login and /api/login take username, password, email", async () => {
    for (const path of ["/api/auth/login", "/api/login"]) {
      await contract(`POST ${path}`, path, 200, { json: user });
    }
  });

  it("GET /api/affiliate/stats?page=1&limit=100, and without parameters, in cents", async () => {
    const headers = { Accept: "application/json", "Cache-Control": "no-cache" };
    const paged = await contract(
      "GET /api/affiliate/stats",
      "/api/affiliate/stats?page=1&limit=100",
      200,
      { headers },
    );
    await contract("GET /api/affiliate/stats", "/api/affiliate/stats", 200, { headers });
    const entry = (paged.json as { data: { all_time: { data: Array<{ wagered: object }> } } }).data
      .all_time.data[0];
    expect(entry?.wagered).toMatchObject({
      today: 1234.56,
      this_week: 23846.92,
      all_time: 150000.12,
    });
  });

  it("GET /api/wager-races/current: participants carry wager and wagered, in cents", async () => {
    const answer = await contract("GET /api/wager-races/current", "/api/wager-races/current", 200);
    const participants = (answer.json as { participants: Array<Record<string, unknown>> })
      .participants;
    expect(participants[0]).toMatchObject({
      uid: PLAYER.uid,
      wager: 45_000.12,
      wagered: 45_000.12,
      position: 1,
    });
  });

  it("GET /api/wager-races/previous: the last completed race with metadata", async () => {
    const answer = await contract(
      "GET /api/wager-races/previous",
      "/api/wager-races/previous",
      200,
    );
    expect(answer.json).toMatchObject({
      title: "Last Weekly Race",
      participants: [
        { uid: PLAYER.uid, wager: 12_345.68, wagered: 12_345.68, allTimeWagered: 150_000.12 },
        { uid: RIVAL.uid, wager: 10_000, wagered: 10_000 },
      ],
      // Where the original client reads them: each race wager as a leaderboard entry's.
      data: {
        participants: [
          { uid: PLAYER.uid, name: PLAYER.name, position: 1, wagered: { this_month: 12_345.68 } },
          { uid: RIVAL.uid, name: RIVAL.name, position: 2, wagered: { this_month: 10_000 } },
        ],
      },
    });
  });
});

describe("public-site §7, signed in", { timeout: 60_000 }, () => {
  it("GET /api/auth/user and /api/user with the cookie: text fields are strings, never null", async () => {
    for (const path of ["/api/auth/user", "/api/user"]) {
      const answer = await contract(`GET ${path}`, path, 200, {
        headers: fetchDefaults(userCookie),
      });
      expect(answer.json).toMatchObject({ telegramUsername: "", bio: "", goatedId: "" });
    }
    const signedOut = await contract("GET /api/user", "/api/user", 401);
    expect(signedOut.json).toMatchObject({ message: "Not authenticated" });
  });

  it("POST /api/user/update with {username, telegramUsername, bio, profileColor}", async () => {
    await contract("POST /api/user/update", "/api/user/update", 200, {
      headers: { Cookie: userCookie },
      json: {
        username: user.username,
        telegramUsername: "@contract_goat",
        bio: "Goat.",
        profileColor: "#00A3FF",
      },
    });
  });

  it("POST /api/user/link-goated {username}; an admin approves (or rejects) it", async () => {
    // Linking the provider player the way users do: the rest reads real race data.
    const requested = await contract("POST /api/user/link-goated", "/api/user/link-goated", 201, {
      headers: { Cookie: userCookie },
      json: { username: PLAYER.name.toLowerCase() },
    });
    expect(requested.json).toMatchObject({ request: { goatedUsername: PLAYER.name } });
    const id = (requested.json as { request: { id: number } }).request.id;
    const admin = await db
      .selectFrom("users")
      .select("id")
      .where("username", "=", "contractAdmin")
      .executeTakeFirstOrThrow();
    const { token } = await insertSession(db, admin.id);
    const asAdmin = { headers: { Authorization: `Bearer ${token}` } };
    const approve = "POST /api/admin/link-requests/{id}/approve";
    await contract(approve, `/api/admin/link-requests/${id}/approve`, 200, asAdmin);
    const reject = "POST /api/admin/link-requests/{id}/reject";
    const decided = await contract(reject, `/api/admin/link-requests/${id}/reject`, 409, asAdmin);
    expect(decided.json).toMatchObject({ message: "This link request has already been decided" });
    const unknown = await contract("POST /api/user/link-goated", "/api/user/link-goated", 404, {
      headers: { Cookie: userCookie },
      json: { username: "NotOurReferral" },
    });
    expect(unknown.json).toMatchObject({
      message: "We could not find that Goated username among GOATEDVIPS referrals",
    });
  });

  it("GET /api/user/sessions: isActive only on the current session; terminate ends another", async () => {
    const answer = await contract("GET /api/user/sessions", "/api/user/sessions", 200, {
      headers: fetchDefaults(userCookie),
    });
    const sessions = sessionListSchema.parse(answer.json);
    expect(sessions.length).toBeGreaterThanOrEqual(3);
    expect(sessions.filter((s) => s.isActive)).toHaveLength(1);
    for (const session of sessions) expect(session.isActive).toBe(session.isCurrent);
    const other = sessions.find((s) => !s.isActive);
    await contract(
      "POST /api/user/sessions/{id}/terminate",
      `/api/user/sessions/${other?.id ?? ""}/terminate`,
      200,
      { headers: { Cookie: userCookie, "Content-Type": "application/json" } },
    );
  });

  it("GET and POST /api/notification-preferences", async () => {
    await contract("GET /api/notification-preferences", "/api/notification-preferences", 200, {
      headers: fetchDefaults(userCookie),
    });
    await contract("POST /api/notification-preferences", "/api/notification-preferences", 200, {
      headers: { Cookie: userCookie },
      json: {
        wagerRaceUpdates: true,
        vipStatusChanges: false,
        promotionalOffers: true,
        monthlyStatements: false,
      },
    });
  });

  it("GET /api/push/vapid-public-key, POST and DELETE /api/push/subscriptions", async () => {
    await contract("GET /api/push/vapid-public-key", "/api/push/vapid-public-key", 200);
    const subscription = {
      endpoint: "https://push.example.test/send/contract-device",
      keys: { p256dh: Buffer.alloc(65, 4).toString("base64url"), auth: "AAAAAAAAAAAAAAAAAAAAAA" },
    };
    await contract("POST /api/push/subscriptions", "/api/push/subscriptions", 201, {
      headers: { Cookie: userCookie },
      json: subscription,
    });
    await contract("DELETE /api/push/subscriptions", "/api/push/subscriptions", 200, {
      headers: { Cookie: userCookie },
      json: { endpoint: subscription.endpoint },
    });
  });

  it("GET /api/wager-race/position?userId&username", async () => {
    const answer = await contract(
      "GET /api/wager-race/position",
      `/api/wager-race/position?userId=${userId}&username=${PLAYER.name}`,
      200,
      { headers: { Accept: "application/json" } },
    );
    // First place: no place above; in the prizes already.
    expect(answer.json).toMatchObject({
      position: 1,
      wagerAmount: 45_000.12,
      gapToNext: null,
      gapToPaid: 0,
    });
    // 30,000.999999 behind 45,000.12335: 45,000.12 - 30,001.00 + 0.01, in dollars.
    const rival = await contract(
      "GET /api/wager-race/position",
      `/api/wager-race/position?username=${RIVAL.name}`,
      200,
      { headers: { Accept: "application/json" } },
    );
    expect(rival.json).toMatchObject({ position: 2, gapToNext: 14_999.13, gapToPaid: 0 });
  });

  it("GET /api/users/{id}: rank, race record, achievements and history from real data", async () => {
    const answer = await contract("GET /api/users/{id}", `/api/users/${userId}`, 200, {
      headers: fetchDefaults(userCookie),
    });
    const profile = publicProfileSchema.parse(answer.json);
    expect(profile).toMatchObject({
      // The place on the all-time leaderboard (ahead of RivalGoat), and the tier beside it.
      currentRank: 1,
      currentTier: "GOLD",
      bestRank: 1,
      races: { participated: 2, won: 1, totalPrizes: 400 },
      totalWagered: 150_000.12,
    });
    expect(profile.history.map((h) => [h.title, h.position, h.prize])).toEqual([
      ["Last Weekly Race", 1, 250],
      ["Older Weekly Race", 2, 150],
    ]);
    expect(profile.achievements.map((a) => a.id)).toEqual([
      "first-race",
      "first-podium",
      "rank-bronze",
      "rank-silver",
      "rank-gold",
    ]);
    expect(profile.achievements.find((a) => a.id === "rank-gold")?.achievedAt).toBe(beforeMonth);

    const unlinked = await send("GET /api/users/{id}", `/api/users/${userId + 1}`, {
      method: "GET",
      headers: fetchDefaults(userCookie),
    });
    expect(unlinked.json).toMatchObject({
      currentRank: 0,
      currentTier: "COPPER",
      bestRank: 0,
      races: { participated: 0, won: 0, totalPrizes: 0 },
      achievements: [],
      history: [],
    });
  });
});

describe("admin-and-content §7", { timeout: 60_000 }, () => {
  let adminCookie = "";
  let adminToken = "";
  let raceId = 0;
  const race = {
    title: "Contract Race",
    type: "weekly",
    status: "upcoming",
    prizePool: 200,
    minWager: 100,
    startDate: at(10 * DAY),
    endDate: at(17 * DAY),
    // A split of the client's own, as the admin API takes any that adds up to at most 100%.
    prizeDistribution: { 1: 60, 2: 25, 3: 10, 4: 5 },
  };

  it("POST /api/login signs the admin in; GET /api/user with the Bearer admin token", async () => {
    const answer = await contract("POST /api/login", "/api/login", 200, {
      json: { username: "contractAdmin", password: "Admin-goat-5820-pass" },
    });
    adminCookie = cookieOf(answer);
    adminToken = (answer.json as { token: string }).token;
    const me = await contract("GET /api/user", "/api/user", 200, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(me.json).toMatchObject({ isAdmin: true, email: "" });
  });

  it("POST /api/admin/login {identifier, password}: its token works as Bearer on /api/admin/*", async () => {
    const answer = await contract("POST /api/admin/login", "/api/admin/login", 200, {
      json: { identifier: "contractAdmin", password: "Admin-goat-5820-pass" },
    });
    expect(answer.json).toMatchObject({ status: "success", user: { isAdmin: true } });
    const token = (answer.json as { token: string }).token;
    const me = await contract("GET /api/user", "/api/user", 200, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(me.json).toMatchObject({ username: "contractAdmin" });
    await contract("GET /api/admin/wager-races", "/api/admin/wager-races", 200, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const wrong = await contract("POST /api/admin/login", "/api/admin/login", 401, {
      json: { identifier: "contractAdmin", password: "not-the-password" },
    });
    expect(wrong.json).toMatchObject({ status: "error" });
  });

  it("GET /api/admin/users?q=&page=: the §3 admin view of users, paging in headers", async () => {
    const answer = await contract("GET /api/admin/users", "/api/admin/users?q=CONTRACTADMIN", 200, {
      headers: { Cookie: adminCookie },
    });
    expect(answer.json).toEqual([
      expect.objectContaining({ username: "contractAdmin", isAdmin: true, email: "" }),
    ]);
    expect(answer.headers.get("X-Total-Count")).toBe("1");
    expect(answer.headers.get("X-Total-Pages")).toBe("1");
    const page = await contract("GET /api/admin/users", "/api/admin/users?page=1", 200, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect((page.json as unknown[]).length).toBeGreaterThan(1);
  });

  it("GET /api/admin/flags?status=: the wager anomaly flags, admins only", async () => {
    await db
      .insertInto("wager_flags")
      .values({
        kind: "totals_decrease",
        player_uid: PLAYER.uid,
        evidence_window: `${at(-2 * DAY)}/${at(-DAY)}`,
        evidence_json: JSON.stringify({
          kind: "totals_decrease",
          before: 900,
          beforeAt: at(-2 * DAY),
          after: 800,
          afterAt: at(-DAY),
        }),
        created_at: at(-DAY),
      })
      .execute();
    const answer = await contract("GET /api/admin/flags", "/api/admin/flags?status=open", 200, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(answer.json).toEqual([
      expect.objectContaining({
        kind: "totals_decrease",
        playerUid: PLAYER.uid,
        playerName: PLAYER.name,
        status: "open",
        evidence: expect.objectContaining({ before: 900, after: 800 }),
      }),
    ]);
    expect(answer.headers.get("X-Total-Count")).toBe("1");
    expect(answer.headers.get("X-Total-Pages")).toBe("1");
    await contract("GET /api/admin/flags", "/api/admin/flags?status=closed", 400, {
      headers: { Cookie: adminCookie },
    });
    await contract("GET /api/admin/flags", "/api/admin/flags", 403, {
      headers: { Cookie: userCookie },
    });
    await contract("GET /api/admin/flags", "/api/admin/flags", 401);
  });

  it("POST /api/chat/messages and GET /api/chat/history: a player's own conversation, staff any", async () => {
    const sent = await contract("POST /api/chat/messages", "/api/chat/messages", 201, {
      headers: { Cookie: userCookie },
      // A client's isStaffReply is ignored: the server decides.
      json: { message: "Contract question", isStaffReply: true },
    });
    const { chatMessage } = sent.json as { chatMessage: { conversationId: number; id: number } };
    expect(sent.json).toMatchObject({ chatMessage: { isStaffReply: false } });
    const reply = await contract("POST /api/chat/messages", "/api/chat/messages", 201, {
      headers: { Authorization: `Bearer ${adminToken}` },
      json: { message: "Contract answer", conversationId: chatMessage.conversationId },
    });
    expect(reply.json).toMatchObject({ chatMessage: { isStaffReply: true } });
    // Staff name the conversation they answer: never stored as the admin's own message.
    const unnamed = await contract("POST /api/chat/messages", "/api/chat/messages", 400, {
      headers: { Authorization: `Bearer ${adminToken}` },
      json: { message: "Answer to whom?" },
    });
    expect(unnamed.json).toMatchObject({
      errors: { conversationId: ["Choose the conversation to answer."] },
    });
    await contract("POST /api/chat/messages", "/api/chat/messages", 400, {
      headers: { Cookie: userCookie },
      json: { message: "   " },
    });
    await contract("POST /api/chat/messages", "/api/chat/messages", 401, {
      json: { message: "who am I" },
    });

    const own = await contract("GET /api/chat/history", "/api/chat/history", 200, {
      headers: fetchDefaults(userCookie),
    });
    expect((own.json as { message: string }[]).map((m) => m.message)).toEqual([
      "Contract question",
      "Contract answer",
    ]);
    const page = await contract(
      "GET /api/chat/history",
      `/api/chat/history?conversationId=${chatMessage.conversationId}&before=${chatMessage.id + 1}&limit=1`,
      200,
      { headers: { Authorization: `Bearer ${adminToken}` } },
    );
    expect((page.json as { id: number }[]).map((m) => m.id)).toEqual([chatMessage.id]);
    await contract("GET /api/chat/history", "/api/chat/history?before=abc", 400, {
      headers: fetchDefaults(userCookie),
    });
    await contract("GET /api/chat/history", "/api/chat/history", 401);
  });

  it("GET /api/admin/wager-races: rules and description are strings, never null", async () => {
    const answer = await contract("GET /api/admin/wager-races", "/api/admin/wager-races", 200, {
      headers: { Cookie: adminCookie },
    });
    const races = answer.json as Array<{ rules: unknown; description: unknown }>;
    expect(races.length).toBeGreaterThanOrEqual(3);
    expect(races.some((r) => r.rules === "" && r.description === "")).toBe(true);
  });

  it("POST, PUT (id in the body), PUT status, GET and DELETE one race", async () => {
    const created = await contract("POST /api/admin/wager-races", "/api/admin/wager-races", 201, {
      headers: { Cookie: adminCookie },
      json: race,
    });
    raceId = (created.json as { race: { id: number } }).race.id;
    await contract("PUT /api/admin/wager-races", "/api/admin/wager-races", 200, {
      headers: { Cookie: adminCookie },
      json: { ...race, id: raceId, rules: "Be a goat." },
    });
    const withoutId = await contract("PUT /api/admin/wager-races", "/api/admin/wager-races", 400, {
      headers: { Cookie: adminCookie },
      json: race,
    });
    expect(withoutId.json).toMatchObject({ message: "id is required" });
    await contract(
      "PUT /api/admin/wager-races/{id}/status",
      `/api/admin/wager-races/${raceId}/status`,
      200,
      { headers: { Cookie: adminCookie }, json: { status: "live" } },
    );
    await contract("GET /api/admin/wager-races/{id}", `/api/admin/wager-races/${raceId}`, 200, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    await contract("DELETE /api/admin/wager-races/{id}", `/api/admin/wager-races/${raceId}`, 200, {
      headers: { Cookie: adminCookie },
    });
  });

  it("GET a race's payouts publicly; POST one place's payout as an admin", async () => {
    const before = await contract(
      "GET /api/wager-races/{id}/payouts",
      `/api/wager-races/${lastRaceId}/payouts`,
      200,
    );
    expect(before.json).toEqual([
      {
        place: 1,
        name: PLAYER.name,
        uid: PLAYER.uid,
        amount: 250,
        status: "unpaid",
        method: null,
        reference: null,
        paidAt: null,
      },
      expect.objectContaining({ place: 2, amount: 150, status: "unpaid" }),
    ]);
    const marked = await contract(
      "POST /api/admin/wager-races/{id}/payouts/{place}",
      `/api/admin/wager-races/${lastRaceId}/payouts/1`,
      200,
      {
        headers: { Cookie: adminCookie },
        json: { status: "paid", method: "tip", reference: "tip-4411", reason: null },
      },
    );
    expect(marked.json).toMatchObject({
      payout: { place: 1, status: "paid", method: "tip", reference: "tip-4411", amount: 250 },
    });
    const refused = await contract(
      "POST /api/admin/wager-races/{id}/payouts/{place}",
      `/api/admin/wager-races/${lastRaceId}/payouts/2`,
      400,
      { headers: { Cookie: adminCookie }, json: { status: "held" } },
    );
    expect(refused.json).toMatchObject({ message: "Say why the prize is held" });
    const after = await contract(
      "GET /api/wager-races/{id}/payouts",
      `/api/wager-races/${lastRaceId}/payouts`,
      200,
    );
    expect(after.json).toMatchObject([
      { place: 1, status: "paid", paidAt: expect.any(String) as string },
      { place: 2, status: "unpaid" },
    ]);
    await contract("GET /api/wager-races/{id}/payouts", "/api/wager-races/999999/payouts", 404);
  });

  it("GET a race's result proof publicly: its canonical text and the hash stored at completion", async () => {
    // Seeded completed, as a race completed before results were sealed: no hash.
    const unsealed = await contract(
      "GET /api/wager-races/{id}/proof",
      `/api/wager-races/${lastRaceId}/proof`,
      200,
    );
    expect(unsealed.json).toMatchObject({ resultHash: null });
    await contract("GET /api/wager-races/{id}/proof", "/api/wager-races/999999/proof", 404);
  });

  it("POST a giveaway, enter it once, draw it once; its proof replays from the published data", async () => {
    const giveaway = {
      title: "Contract Giveaway",
      prize: "$100",
      entriesCloseAt: at(DAY),
      winners: 1,
    };
    const create = "POST /api/admin/giveaways";
    await contract(create, "/api/admin/giveaways", 401, { json: giveaway });
    await contract(create, "/api/admin/giveaways", 403, {
      headers: { Cookie: userCookie },
      json: giveaway,
    });
    const refused = await contract(create, "/api/admin/giveaways", 400, {
      headers: { Cookie: adminCookie },
      json: { ...giveaway, winners: 0, entriesCloseAt: at(-DAY) },
    });
    expect(refused.json).toMatchObject({ message: "winners must be at least 1" });
    const past = await contract(create, "/api/admin/giveaways", 400, {
      headers: { Cookie: adminCookie },
      json: { ...giveaway, entriesCloseAt: at(-DAY) },
    });
    expect(past.json).toMatchObject({ message: "entriesCloseAt must be in the future" });
    const created = await contract(create, "/api/admin/giveaways", 201, {
      headers: { Cookie: adminCookie },
      json: giveaway,
    });
    const { id, seedHash } = (created.json as { giveaway: { id: number; seedHash: string } })
      .giveaway;

    const enter = "POST /api/giveaways/{id}/entries";
    const entries = `/api/giveaways/${id}/entries`;
    await contract(enter, entries, 401);
    await contract(enter, entries, 201, { headers: { Cookie: userCookie } });
    await contract(enter, entries, 409, { headers: { Cookie: userCookie } });
    await contract(enter, entries, 201, { headers: { Cookie: adminCookie } });
    await contract(enter, "/api/giveaways/999999/entries", 404, {
      headers: { Cookie: userCookie },
    });

    const draw = "POST /api/admin/giveaways/{id}/draw";
    const drawPath = `/api/admin/giveaways/${id}/draw`;
    await contract(draw, drawPath, 401);
    await contract(draw, drawPath, 403, { headers: { Cookie: userCookie } });
    const early = await contract(draw, drawPath, 409, { headers: { Cookie: adminCookie } });
    expect(early.json).toMatchObject({
      message: expect.stringContaining("Entries are still open"),
    });
    const sealed = await contract(
      "GET /api/giveaways/{id}/proof",
      `/api/giveaways/${id}/proof`,
      200,
    );
    expect(sealed.json).toEqual({
      seedHash,
      serverSeed: null,
      clientSeed: null,
      entrants: [],
      winners: [],
    });

    await db
      .updateTable("giveaways")
      .set({ entries_close_at: at(-60_000) })
      .where("id", "=", id)
      .execute();
    const drawn = await contract(draw, drawPath, 200, { headers: { Cookie: adminCookie } });
    await contract(draw, drawPath, 409, { headers: { Cookie: adminCookie } });

    // The replay, from the proof's answer alone (issue 34's algorithm, with node:crypto).
    const proof = (
      await contract("GET /api/giveaways/{id}/proof", `/api/giveaways/${id}/proof`, 200)
    ).json as {
      seedHash: string;
      serverSeed: string;
      clientSeed: string;
      entrants: { userId: number; tickets: number }[];
      winners: number[];
    };
    const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
    expect(sha256(proof.serverSeed)).toBe(seedHash);
    expect(proof.clientSeed).toBe(sha256(JSON.stringify(proof.entrants)));
    const total = proof.entrants.reduce((sum, entrant) => sum + entrant.tickets, 0);
    const hmac = createHmac("sha256", proof.serverSeed)
      .update(`${proof.clientSeed}:0`)
      .digest("hex");
    const ticket = Math.floor((Number.parseInt(hmac.slice(0, 13), 16) / 2 ** 52) * total);
    let end = 0;
    const holder = proof.entrants.find((entrant) => ticket < (end += entrant.tickets));
    expect(proof.winners).toEqual([holder?.userId]);
    expect(drawn.json).toMatchObject({
      serverSeed: proof.serverSeed,
      clientSeed: proof.clientSeed,
      winners: [{ userId: holder?.userId, place: 1 }],
    });
    await contract("GET /api/giveaways/{id}/proof", "/api/giveaways/999999/proof", 404);
  });

  it("GET, POST and DELETE /api/admin/api-tokens/goated: metadata, never the token", async () => {
    const none = await contract(
      "GET /api/admin/api-tokens/goated",
      "/api/admin/api-tokens/goated",
      200,
      {
        headers: { Authorization: `Bearer ${adminToken}` },
      },
    );
    expect(none.json).toMatchObject({ exists: false, metadata: null });
    const token = await providerJwt({
      uid: "contract-uid",
      expiresAt: new Date(now.getTime() + 30 * DAY),
    });
    const saved = await contract(
      "POST /api/admin/api-tokens/goated",
      "/api/admin/api-tokens/goated",
      200,
      {
        headers: { Cookie: adminCookie },
        json: { token, affiliateUid: "2RW440E" },
      },
    );
    expect(saved.json).toMatchObject({ status: "success", exists: true, daysLeft: 30 });
    const tested = await contract(
      "POST /api/admin/api-tokens/goated",
      "/api/admin/api-tokens/goated",
      200,
      {
        headers: { Cookie: adminCookie },
        json: { intent: "test", token, affiliateUid: "2RW440E" },
      },
    );
    expect(tested.json).toMatchObject({ ok: false, httpStatus: null });
    const refused = await contract(
      "POST /api/admin/api-tokens/goated",
      "/api/admin/api-tokens/goated",
      400,
      {
        headers: { Cookie: adminCookie },
        json: { token: "too-short" },
      },
    );
    expect(refused.json).toMatchObject({ message: "Token must be at least 20 characters long" });
    const current = await contract(
      "GET /api/admin/api-tokens/goated",
      "/api/admin/api-tokens/goated",
      200,
      {
        headers: { Cookie: adminCookie },
      },
    );
    expect(current.json).toMatchObject({ metadata: { decodedInfo: { uid: "contract-uid" } } });
    const removed = await contract(
      "DELETE /api/admin/api-tokens/goated",
      "/api/admin/api-tokens/goated",
      200,
      { headers: { Cookie: adminCookie } },
    );
    expect(removed.json).toMatchObject({ status: "success", exists: false });
  });

  it("POST /api/admin/notifications/send {title, message}", async () => {
    const sent = await contract(
      "POST /api/admin/notifications/send",
      "/api/admin/notifications/send",
      200,
      {
        headers: { Cookie: adminCookie },
        json: { title: "Contract news", message: "Hello", audience: "all" },
      },
    );
    expect(sent.json).toMatchObject({
      status: "success",
      message: "Notification sent successfully",
    });
    const invalid = await contract(
      "POST /api/admin/notifications/send",
      "/api/admin/notifications/send",
      400,
      { headers: { Cookie: adminCookie }, json: { title: "", message: "Hello" } },
    );
    expect(invalid.json).toMatchObject({ errors: { title: ["Title is required"] } });
  });

  it("PUT /api/admin/settings {maskPlayerNames}: admins only, a boolean or 400", async () => {
    const masked = await contract("PUT /api/admin/settings", "/api/admin/settings", 200, {
      headers: { Authorization: `Bearer ${adminToken}` },
      json: { maskPlayerNames: true },
    });
    expect(masked.json).toMatchObject({ settings: { maskPlayerNames: true } });
    await contract("PUT /api/admin/settings", "/api/admin/settings", 400, {
      headers: { Cookie: adminCookie },
      json: { maskPlayerNames: "yes" },
    });
    await contract("PUT /api/admin/settings", "/api/admin/settings", 401, {
      json: { maskPlayerNames: false },
    });
    const shown = await contract("PUT /api/admin/settings", "/api/admin/settings", 200, {
      headers: { Cookie: adminCookie },
      json: { maskPlayerNames: false },
    });
    expect(shown.json).toMatchObject({ settings: { maskPlayerNames: false } });
  });

  it("GET, POST, PUT (id in the body) and DELETE bonus codes", async () => {
    const code = { code: "contract-goat", description: "d", value: "$5 Bonus", expiresAt: at(DAY) };
    const created = await contract("POST /api/admin/bonus-codes", "/api/admin/bonus-codes", 201, {
      headers: { Cookie: adminCookie },
      json: code,
    });
    const id = (created.json as { bonusCode: { id: number } }).bonusCode.id;
    await contract("POST /api/admin/bonus-codes", "/api/admin/bonus-codes", 409, {
      headers: { Cookie: adminCookie },
      json: code,
    });
    await contract("PUT /api/admin/bonus-codes", "/api/admin/bonus-codes", 200, {
      headers: { Authorization: `Bearer ${adminToken}` },
      json: { ...code, id, value: "$6 Bonus" },
    });
    await contract("PUT /api/admin/bonus-codes", "/api/admin/bonus-codes", 400, {
      headers: { Cookie: adminCookie },
      json: code,
    });
    const list = await contract("GET /api/admin/bonus-codes", "/api/admin/bonus-codes", 200, {
      headers: { Cookie: adminCookie },
    });
    expect(list.json).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: "CONTRACT-GOAT", value: "$6 Bonus" }),
      ]),
    );
    await contract("DELETE /api/admin/bonus-codes/{id}", `/api/admin/bonus-codes/${id}`, 200, {
      headers: { Cookie: adminCookie },
    });
    await contract("DELETE /api/admin/bonus-codes/{id}", `/api/admin/bonus-codes/${id}`, 404, {
      headers: { Cookie: adminCookie },
    });
  });

  it("GET and PUT the community channels, secrets shown as their last 4 characters only", async () => {
    const url = "/api/admin/community-channels";
    const webhookUrl = "https://discord.com/api/webhooks/123456789012/contractWebhookToken_wxyz";
    const botToken = "123456789:AAcontractBotTokenThatIsLongEnough_abcd";
    const saved = await contract("PUT /api/admin/community-channels", url, 200, {
      headers: { Cookie: adminCookie },
      json: {
        discord: { webhookUrl, events: ["race_completed", "bonus_code"] },
        telegram: { botToken, chatId: "-1001234567890", events: ["announcement"] },
      },
    });
    const shown = await contract("GET /api/admin/community-channels", url, 200, {
      headers: { Cookie: adminCookie },
    });
    for (const answer of [saved, shown]) {
      expect(answer.json).toMatchObject({
        discord: { webhookUrl: "…wxyz", events: ["race_completed", "bonus_code"] },
        telegram: { botToken: "…abcd", chatId: "-1001234567890", events: ["announcement"] },
      });
      expect(JSON.stringify(answer.json)).not.toContain("contractWebhookToken");
      expect(JSON.stringify(answer.json)).not.toContain("contractBotToken");
    }
    const invalid = await contract("PUT /api/admin/community-channels", url, 400, {
      headers: { Cookie: adminCookie },
      json: { discord: { webhookUrl: "https://example.com/hook", events: ["race_started"] } },
    });
    expect(invalid.json).toMatchObject({
      message: expect.stringContaining("Discord webhook URL must look like"),
    });
    const badEvent = await contract("PUT /api/admin/community-channels", url, 400, {
      headers: { Cookie: adminCookie },
      json: { telegram: { botToken: "", chatId: "-100", events: ["everything"] } },
    });
    expect(badEvent.json).toMatchObject({ message: expect.stringContaining("race_started") });
    await contract("GET /api/admin/community-channels", url, 403, {
      headers: { Cookie: userCookie },
    });
  });

  it("POST /api/user/password with {currentPassword, newPassword}", async () => {
    const wrong = await contract("POST /api/user/password", "/api/user/password", 400, {
      headers: { Cookie: userCookie },
      json: { currentPassword: "not-the-password", newPassword: "Changed-goat-6604-pass" },
    });
    expect(wrong.json).toMatchObject({
      status: "error",
      errors: { currentPassword: [expect.any(String)] },
    });
    await contract("POST /api/user/password", "/api/user/password", 200, {
      headers: { Cookie: userCookie },
      json: { currentPassword: user.password, newPassword: "Changed-goat-6604-pass" },
    });
  });

  it("POST /api/auth/logout and /api/logout, with the cookie and no body", async () => {
    await contract("POST /api/auth/logout", "/api/auth/logout", 200, {
      headers: { Cookie: adminCookie },
    });
    await contract("POST /api/logout", "/api/logout", 200, { headers: { Cookie: userCookie } });
    expect(
      (await send("GET /api/user", "/api/user", { method: "GET", headers: { Cookie: userCookie } }))
        .status,
    ).toBe(401);
  });
});

describe("the whole API answers JSON", { timeout: 60_000 }, () => {
  it("has walked every endpoint of API_ENDPOINTS", () => {
    expect([...called].sort()).toEqual(API_ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort());
  });

  it("lists every api route file in API_ENDPOINTS, and only those", () => {
    const routed = new Set(
      apiRouteFiles
        .map((file) => `/${routePathOf(file)}`.replace(/:(\w+)/g, "{$1}"))
        .filter((path) => path !== "/api/*"),
    );
    expect([...routed].sort()).toEqual([...new Set(API_ENDPOINTS.map((e) => e.path))].sort());
  });

  it.each([["PATCH", "/api/nothing/here"]])(
    "answers %s %s, an unknown path, 404 {status: 'error', message}",
    async (method, path) => {
      const answer = await send(`${method} ${path}`, path, {
        method,
        json: method === "GET" ? undefined : {},
      });
      called.delete(`${method} ${path}`);
      expect(answer.status).toBe(404);
      expect(apiErrorSchema.parse(answer.json).status).toBe("error");
    },
  );

  it("answers a method an endpoint lacks 405 with Allow, on every route", async () => {
    for (const path of new Set(API_ENDPOINTS.map((e) => e.path))) {
      const allowed = API_ENDPOINTS.filter((e) => e.path === path).map((e) => e.method);
      const url = path.replace("{id}", "1");
      for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH"]) {
        if (allowed.includes(method as (typeof allowed)[number])) continue;
        const answer = await send(`${method} ${path}`, url, {
          method,
          json: method === "GET" ? undefined : {},
        });
        called.delete(`${method} ${path}`);
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.get("Allow"), `${method} ${path}`).toBe(allowed.join(", "));
        apiErrorSchema.parse(answer.json);
      }
    }
  });
});

describe("/ws/leaderboard messages", { timeout: 60_000 }, () => {
  it("LEADERBOARD_UPDATE and RACE_COMPLETED keep type at the top level, amounts in cents", async () => {
    const messages: ServerMessage[] = [];
    const unsubscribe = eventBus.subscribe("race.completed", (event) => {
      messages.push(raceCompletedMessage(event));
    });
    try {
      // Completing this month's race (as an admin may early) freezes the player's lead.
      const race = await findCurrentRace(now);
      expect(race?.type).toBe("monthly");
      const completion = await completeRace(race?.id ?? 0, now);
      expect(completion).not.toBeNull();
      if (completion) await announceCompletion(completion, now);
      messages.push(serverMessage("LEADERBOARD_UPDATE", { data: await leaderboardSnapshot() }));
    } finally {
      unsubscribe();
    }
    const parsed = messages.map((message) =>
      leaderboardSocketMessageSchema.parse(JSON.parse(JSON.stringify(message))),
    );
    const completed = parsed.find((message) => message.type === "RACE_COMPLETED");
    expect(completed?.type === "RACE_COMPLETED" && completed.data.winners[0]).toMatchObject({
      uid: PLAYER.uid,
      wager: 45_000.12,
      wagered: 45_000.12,
    });
    expect(parsed.map((message) => message.type).sort()).toEqual([
      "LEADERBOARD_UPDATE",
      "RACE_COMPLETED",
    ]);
    // The hash the proof API answers for the race, the SHA-256 of its canonical text.
    const raceId = completed?.type === "RACE_COMPLETED" ? completed.data.raceId : 0;
    const proof = await contract(
      "GET /api/wager-races/{id}/proof",
      `/api/wager-races/${raceId}/proof`,
      200,
    );
    expect(completed?.type === "RACE_COMPLETED" && completed.data.resultHash).toBe(
      (proof.json as { resultHash: string }).resultHash,
    );
    expect((proof.json as { resultHash: string }).resultHash).toBe(
      createHash("sha256")
        .update((proof.json as { canonical: string }).canonical)
        .digest("hex"),
    );
  });
});

describe("after the monthly race is completed early (the test above completes it)", () => {
  it("GET /api/wager-races/current answers it as completed until the next race starts", async () => {
    const monthly = await db
      .selectFrom("races")
      .select(["id", "end_date"])
      .where("type", "=", "monthly")
      .where("status", "=", "completed")
      .executeTakeFirstOrThrow();
    expect(monthly.end_date > now.toISOString()).toBe(true);
    const completed = await contract(
      "GET /api/wager-races/current",
      "/api/wager-races/current",
      200,
    );
    expect(completed.json).toMatchObject({
      id: monthly.id,
      type: "monthly",
      status: "completed",
    });
    expect((completed.json as { participants: unknown[] }).participants[0]).toMatchObject({
      uid: PLAYER.uid,
      wager: 45_000.12,
      position: 1,
    });

    // The next race starts: it is the current one.
    const next = await insertRace(db, { start_date: at(-60_000), end_date: at(7 * DAY) });
    const started = await contract("GET /api/wager-races/current", "/api/wager-races/current", 200);
    expect(started.json).toMatchObject({ id: next, status: "live" });
  });
});
