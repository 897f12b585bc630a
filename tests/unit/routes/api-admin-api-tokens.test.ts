// GET|POST|DELETE /api/admin/api-tokens/goated (docs/product.md §A7) and the admin page's action:
// admins only, the form's messages with 400, metadata and never the token; the affiliate code,
// 'Test connection', the provider's refusal and 'Use demo data' (issue 29).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertProviderToken, insertSession, insertUser } from "../../factories";
import { startFakeProvider } from "../../fake-provider/server";
import type { FakeProvider } from "../../fake-provider/server";
import { providerJwt } from "../../provider-jwt";
import { apiFetch } from "../api/api-server";
import { connectionTester } from "~/provider/client.server";
import { action as pageAction, loader as pageLoader } from "~/routes/admin.api-tokens";
import { db } from "~/services/db.server";
import { eventBus } from "~/server/domain-event-bus.server";

const DAY = 86_400_000;
const PATH = "/api/admin/api-tokens/goated";
const CODE = "2RW440E";
const CODE_MISSING =
  "Enter the affiliate code: the last part of your referral link, such as 2RW440E";
let provider: FakeProvider;
let providerToken = "";
/** What the server hands the routes: the connection test against the fake provider. */
const context = () => ({
  cspNonce: "",
  clientIp: "127.0.0.1",
  testProviderConnection: connectionTester(provider.url, 2000),
});
const bearer: Record<"user" | "admin", string> = { user: "", admin: "" };
let adminId = 0;

afterAll(() => provider.close());

beforeAll(async () => {
  await migrateToLatest(db);
  providerToken = await providerJwt({ uid: "jwt-uid", expiresAt: new Date(Date.now() + DAY) });
  provider = await startFakeProvider({ token: providerToken, affiliateUid: CODE });
  adminId = await insertUser(db, { username: "tokenAdmin", is_admin: 1 });
  bearer.admin = (await insertSession(db, adminId)).token;
  bearer.user = (await insertSession(db, await insertUser(db, { username: "tokenUser" }))).token;
});

beforeEach(async () => {
  provider.reset();
  await db.deleteFrom("audit_log").execute();
  await db.deleteFrom("sync_runs").execute();
  await db.deleteFrom("provider_tokens").execute();
});

/** Counts "provider.settings-changed" (on which the process running the sync runs it now). */
function countSettingsAnnouncements() {
  const seen = { count: 0 };
  const stop = eventBus.subscribe("provider.settings-changed", () => {
    seen.count += 1;
  });
  return { seen, stop };
}

function call(
  method: "GET" | "POST" | "DELETE",
  as: "anonymous" | "user" | "admin",
  json?: unknown,
) {
  const headers = new Headers();
  if (as !== "anonymous") headers.set("Authorization", `Bearer ${bearer[as]}`);
  if (json !== undefined) headers.set("Content-Type", "application/json");
  return apiFetch(
    PATH,
    { method, headers, body: json === undefined ? undefined : JSON.stringify(json) },
    { testProviderConnection: context().testProviderConnection },
  );
}

const savedRows = () => db.selectFrom("provider_tokens").selectAll().execute();

describe("GET /api/admin/api-tokens/goated", () => {
  it("401 signed out, 403 for a member", async () => {
    expect((await call("GET", "anonymous")).status).toBe(401);
    const member = await call("GET", "user");
    expect(member.status).toBe(403);
    expect(await member.json()).toMatchObject({ status: "error" });
  });

  it("no token: exists false", async () => {
    const answer = await call("GET", "admin");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      exists: false,
      isExpired: false,
      isExpiring: false,
      daysLeft: null,
      hoursLeft: null,
      expiresAt: null,
      created: null,
      lastUsed: null,
      metadata: null,
      hasToken: false,
      affiliateUid: null,
      lastSync: null,
      source: "demo",
    });
  });

  it("the newest saved token's metadata, never the token", async () => {
    // Three hours left: expiring soon (within 6 hours).
    const token = await providerJwt({ uid: "u-9", expiresAt: new Date(Date.now() + DAY / 8) });
    await insertProviderToken(db, await providerJwt({ expiresAt: null }));
    await insertProviderToken(db, token);
    const answer = await call("GET", "admin");
    const text = await answer.text();
    expect(text).not.toContain(token.split(".")[1]);
    expect(JSON.parse(text)).toMatchObject({
      exists: true,
      isExpiring: true,
      daysLeft: 1,
      hoursLeft: 3,
      metadata: { decodedInfo: { uid: "u-9" } },
    });
  });

  it("a stored token that cannot be read answers the page's error", async () => {
    await insertProviderToken(db, "stored-before-the-rules-existed");
    const answer = await call("GET", "admin");
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({
      status: "error",
      message: "Error: Failed to fetch token information.",
    });
  });
});

describe("POST /api/admin/api-tokens/goated {token}", () => {
  it("401 signed out, 403 for a member; nothing saved", async () => {
    const token = await providerJwt({ expiresAt: null });
    expect((await call("POST", "anonymous", { token })).status).toBe(401);
    expect((await call("POST", "user", { token })).status).toBe(403);
    expect(await db.selectFrom("provider_tokens").selectAll().execute()).toEqual([]);
  });

  it.each([
    ["short", "Token must be at least 20 characters long"],
    ["twenty-plus characters but no dots", "Invalid JWT token format"],
    ["aaaaaaaaaaaa.bbbbbbbbbbbbbbbb.cccccccccc", "Invalid JWT token format"],
  ])("400 for %j: %s", async (token, message) => {
    const answer = await call("POST", "admin", { token, affiliateUid: CODE });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ status: "error", message, errors: { token: [message] } });
    expect(await savedRows()).toEqual([]);
  });

  it("400 without an affiliate code (none in the environment either), or with a bad one", async () => {
    const token = await providerJwt({ expiresAt: null });
    for (const body of [{}, { token }, { token, affiliateUid: "  " }]) {
      const answer = await call("POST", "admin", body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        status: "error",
        message: CODE_MISSING,
        errors: { affiliateUid: [CODE_MISSING] },
      });
    }
    const bad = await call("POST", "admin", { token, affiliateUid: "../2RW440E" });
    expect(await bad.json()).toMatchObject({
      message: "The affiliate code has letters, digits, - and _ only",
    });
    expect(await savedRows()).toEqual([]);
  });

  it("saves an affiliate code without a token: the provider is called without one", async () => {
    const announced = countSettingsAnnouncements();
    const answer = await call("POST", "admin", { affiliateUid: CODE });
    announced.stop();
    expect(answer.status).toBe(200);
    // The sync runs at once with what was saved, not an interval later.
    expect(announced.seen.count).toBe(1);
    expect(await answer.json()).toMatchObject({
      exists: true,
      hasToken: false,
      affiliateUid: CODE,
    });
    expect(await savedRows()).toMatchObject([{ token: "", affiliate_uid: CODE }]);
    expect(await (await call("GET", "admin")).json()).toMatchObject({
      exists: true,
      hasToken: false,
      affiliateUid: CODE,
      source: "admin",
    });
  });

  it("saves the token with its audit row (claims, never the token)", async () => {
    const expiresAt = new Date(Math.floor(Date.now() / 1000 + 40 * 86_400) * 1000);
    const token = await providerJwt({ uid: "u-77", expiresAt });
    const answer = await call("POST", "admin", { token, affiliateUid: CODE });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      status: "success",
      message: "API token updated successfully",
      exists: true,
      isExpired: false,
      daysLeft: 40,
      expiresAt: expiresAt.toISOString(),
      lastUsed: null,
      metadata: { decodedInfo: { uid: "u-77" } },
      affiliateUid: CODE,
      hasToken: true,
    });
    const saved = await savedRows();
    expect(saved).toMatchObject([{ token, affiliate_uid: CODE, created_by: adminId }]);
    const [audit, ...more] = await db.selectFrom("audit_log").selectAll().execute();
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      kind: "token.saved",
      subject: `token:${saved[0]?.id}`,
      actor_id: adminId,
      before_json: null,
    });
    expect(JSON.parse(audit?.after_json ?? "null")).toMatchObject({
      uid: "u-77",
      expiresAt: expiresAt.toISOString(),
      affiliateUid: CODE,
      withToken: true,
    });
    expect(JSON.stringify(audit)).not.toContain(token.split(".")[1]);
  });

  it('with "intent": "test", one fetch with what was sent: the player count; nothing saved', async () => {
    const before = provider.requests;
    const answer = await call("POST", "admin", {
      intent: "test",
      token: providerToken,
      affiliateUid: CODE,
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, players: 45 });
    expect(provider.requests).toBe(before + 1);
    expect(await savedRows()).toEqual([]);
  });

  it('with "intent": "test", the provider\'s own refusal: its status and message', async () => {
    const wrong = await call("POST", "admin", {
      intent: "test",
      token: await providerJwt({ expiresAt: null }),
      affiliateUid: CODE,
    });
    expect(await wrong.json()).toEqual({
      ok: false,
      httpStatus: 401,
      message: "HTTP error! status: 401 (Unauthorized)",
    });
    provider.setMode("refuse-403");
    const refused = await call("POST", "admin", {
      intent: "test",
      token: providerToken,
      affiliateUid: CODE,
    });
    expect(await refused.json()).toEqual({
      ok: false,
      httpStatus: 403,
      message: "HTTP error! status: 403 (Token expired or revoked)",
    });
    expect(await savedRows()).toEqual([]);
  });
});

describe("DELETE /api/admin/api-tokens/goated ('Use demo data')", () => {
  it("removes the saved token and code, audited; members may not", async () => {
    await insertProviderToken(db, providerToken, { affiliate_uid: CODE });
    const announced = countSettingsAnnouncements();
    expect((await call("DELETE", "user")).status).toBe(403);
    expect(await savedRows()).toHaveLength(1);
    expect(announced.seen.count).toBe(0);
    const answer = await call("DELETE", "admin");
    announced.stop();
    expect(answer.status).toBe(200);
    expect(announced.seen.count).toBe(1);
    expect(await answer.json()).toMatchObject({ status: "success", exists: false });
    expect(await savedRows()).toEqual([]);
    const audit = await db.selectFrom("audit_log").selectAll().execute();
    expect(audit).toMatchObject([{ kind: "token.removed", actor_id: adminId, after_json: null }]);
    expect(JSON.parse(audit[0]?.before_json ?? "null")).toMatchObject({ affiliateUid: CODE });
    expect(JSON.stringify(audit)).not.toContain(providerToken.split(".")[1]);
    expect(await (await call("GET", "admin")).json()).toMatchObject({ source: "demo" });
  });
});

describe("the /admin/api-tokens page", () => {
  const post = (token: string, more: Record<string, string> = { affiliateUid: CODE }) =>
    pageAction({
      request: new Request("http://localhost/admin/api-tokens?tab=add", {
        method: "POST",
        headers: {
          Authorization: `Bearer ${bearer.admin}`,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ token, ...more }).toString(),
      }),
      params: {},
      context: context(),
    });
  const page = () =>
    pageLoader({
      request: new Request("http://localhost/admin/api-tokens?tab=current", {
        headers: { Authorization: `Bearer ${bearer.admin}` },
      }),
      params: {},
      context: context(),
    });

  it("saves, then goes to the Current Token tab with the toast (post/redirect/get)", async () => {
    const answer = (await post(await providerJwt({ expiresAt: null }), {
      affiliateUid: CODE,
      intent: "save",
    })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin/api-tokens?tab=current");
    expect(answer.headers.get("Set-Cookie")).toContain("gv_toast=");
    const shown = await page();
    expect(shown).toMatchObject({
      tab: "current",
      banner: { status: "valid", title: "Token Valid" },
      token: { exists: true, daysLeft: null, affiliateUid: CODE },
      source: "admin",
      sourceLabel: "Saved in admin",
    });
    expect(JSON.stringify(shown)).not.toMatch(/eyJ/);
  });

  it("refuses a bad token with 400 and the form's message; nothing saved", async () => {
    const answer = await post("short");
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: {
        intent: "save",
        result: { error: { token: ["Token must be at least 20 characters long"] } },
      },
    });
    const noCode = await post(providerToken, {});
    expect(noCode).toMatchObject({
      init: { status: 400 },
      data: { result: { error: { affiliateUid: [CODE_MISSING] } } },
    });
    expect(await savedRows()).toEqual([]);
  });

  it("'Test connection' answers the player count or the provider's refusal, and saves nothing", async () => {
    expect(await post(providerToken, { affiliateUid: CODE, intent: "test" })).toMatchObject({
      intent: "test",
      test: {
        ok: true,
        text: "Connection works: the provider answered with 45 players. Nothing is saved until you save.",
      },
    });
    provider.setMode("refuse-403");
    expect(await post(providerToken, { affiliateUid: CODE, intent: "test" })).toMatchObject({
      test: {
        ok: false,
        text: "The provider did not answer with data (HTTP 403): HTTP error! status: 403 (Token expired or revoked)",
      },
    });
    expect(await savedRows()).toEqual([]);
  });

  it("a token whose sync the provider refused is 'Token Refused', with the time and status", async () => {
    const id = await insertProviderToken(db, providerToken, { affiliate_uid: CODE });
    await db
      .insertInto("sync_runs")
      .values({
        source: "provider",
        started_at: "2026-11-21T12:00:00.000Z",
        finished_at: "2026-11-21T12:00:01.000Z",
        outcome: "failed",
        error: "HTTP error! status: 401 (Unauthorized)",
        http_status: 401,
        provider_token_id: id,
      })
      .execute();
    expect(await page()).toMatchObject({
      banner: {
        status: "refused",
        title: "Token Refused",
        text: expect.stringContaining(
          "The provider refused the last sync at Nov 21, 2026, 12:00 UTC: HTTP error! status: 401 (Unauthorized).",
        ),
      },
      token: { lastSync: { outcome: "failed", httpStatus: 401 } },
    });
  });

  it("'Use demo data' removes the saved settings and goes back to the current tab", async () => {
    await insertProviderToken(db, providerToken, { affiliate_uid: CODE });
    const answer = (await post("", { intent: "demo" })) as Response;
    expect(answer.status).toBe(302);
    expect(await savedRows()).toEqual([]);
    expect(await page()).toMatchObject({ source: "demo", banner: { title: "No Token Found" } });
    expect(await db.selectFrom("audit_log").select("kind").execute()).toEqual([
      { kind: "token.removed" },
    ]);
  });

  it("shows the error banner when the saved token cannot be read", async () => {
    await insertProviderToken(db, "stored-before-the-rules-existed");
    expect(await page()).toMatchObject({
      token: null,
      banner: { title: "Error: Failed to fetch token information." },
    });
  });
});
