// GET|POST /api/admin/api-tokens/goated (docs/product.md §A7) and the admin page's action: admins
// only, the form's messages with 400, metadata and never the token.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertProviderToken, insertSession, insertUser } from "../../factories";
import { providerJwt } from "../../provider-jwt";
import { apiFetch } from "../api/api-server";
import { action as pageAction, loader as pageLoader } from "~/routes/admin.api-tokens";
import { db } from "~/services/db.server";

const DAY = 86_400_000;
const PATH = "/api/admin/api-tokens/goated";
const bearer: Record<"user" | "admin", string> = { user: "", admin: "" };
let adminId = 0;

beforeAll(async () => {
  await migrateToLatest(db);
  adminId = await insertUser(db, { username: "tokenAdmin", is_admin: 1 });
  bearer.admin = (await insertSession(db, adminId)).token;
  bearer.user = (await insertSession(db, await insertUser(db, { username: "tokenUser" }))).token;
});

beforeEach(async () => {
  await db.deleteFrom("audit_log").execute();
  await db.deleteFrom("provider_tokens").execute();
});

function call(method: "GET" | "POST", as: "anonymous" | "user" | "admin", json?: unknown) {
  const headers = new Headers();
  if (as !== "anonymous") headers.set("Authorization", `Bearer ${bearer[as]}`);
  if (json !== undefined) headers.set("Content-Type", "application/json");
  return apiFetch(PATH, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
}

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
      expiresAt: null,
      created: null,
      lastUsed: null,
      metadata: null,
    });
  });

  it("the newest saved token's metadata, never the token", async () => {
    const token = await providerJwt({ uid: "u-9", expiresAt: new Date(Date.now() + 3 * DAY) });
    await insertProviderToken(db, await providerJwt({ expiresAt: null }));
    await insertProviderToken(db, token);
    const answer = await call("GET", "admin");
    const text = await answer.text();
    expect(text).not.toContain(token.split(".")[1]);
    expect(JSON.parse(text)).toMatchObject({
      exists: true,
      isExpiring: true,
      daysLeft: 3,
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
    [undefined, "Token must be at least 20 characters long"],
    ["short", "Token must be at least 20 characters long"],
    ["twenty-plus characters but no dots", "Invalid JWT token format"],
    ["aaaaaaaaaaaa.bbbbbbbbbbbbbbbb.cccccccccc", "Invalid JWT token format"],
  ])("400 for %j: %s", async (token, message) => {
    const answer = await call("POST", "admin", token === undefined ? {} : { token });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ status: "error", message, errors: { token: [message] } });
    expect(await db.selectFrom("provider_tokens").selectAll().execute()).toEqual([]);
  });

  it("saves the token with its audit row (claims, never the token)", async () => {
    const expiresAt = new Date(Math.floor(Date.now() / 1000 + 40 * 86_400) * 1000);
    const token = await providerJwt({ uid: "u-77", expiresAt });
    const answer = await call("POST", "admin", { token });
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
    });
    const saved = await db.selectFrom("provider_tokens").selectAll().execute();
    expect(saved).toMatchObject([{ token, created_by: adminId }]);
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
    });
    expect(JSON.stringify(audit)).not.toContain(token.split(".")[1]);
  });
});

describe("the /admin/api-tokens page", () => {
  const context = { cspNonce: "", clientIp: "127.0.0.1" };
  const post = (token: string) =>
    pageAction({
      request: new Request("http://localhost/admin/api-tokens?tab=add", {
        method: "POST",
        headers: {
          Authorization: `Bearer ${bearer.admin}`,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ token }).toString(),
      }),
      params: {},
      context,
    });

  it("saves, then goes to the Current Token tab with the toast (post/redirect/get)", async () => {
    const answer = (await post(await providerJwt({ expiresAt: null }))) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin/api-tokens?tab=current");
    expect(answer.headers.get("Set-Cookie")).toContain("gv_toast=");
    const page = await pageLoader({
      request: new Request("http://localhost/admin/api-tokens", {
        headers: { Authorization: `Bearer ${bearer.admin}` },
      }),
      params: {},
      context,
    });
    expect(page).toMatchObject({
      tab: "current",
      banner: { status: "valid", title: "Token Valid" },
      token: { exists: true, daysLeft: null },
    });
    expect(JSON.stringify(page)).not.toMatch(/eyJ/);
  });

  it("refuses a bad token with 400 and the form's message; nothing saved", async () => {
    const answer = await post("short");
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: { error: { token: ["Token must be at least 20 characters long"] } },
    });
    expect(await db.selectFrom("provider_tokens").selectAll().execute()).toEqual([]);
  });

  it("shows the error banner when the saved token cannot be read", async () => {
    await insertProviderToken(db, "stored-before-the-rules-existed");
    const page = await pageLoader({
      request: new Request("http://localhost/admin/api-tokens?tab=current", {
        headers: { Authorization: `Bearer ${bearer.admin}` },
      }),
      params: {},
      context,
    });
    expect(page).toMatchObject({
      token: null,
      banner: { title: "Error: Failed to fetch token information." },
    });
  });
});
