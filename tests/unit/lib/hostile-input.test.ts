// Text the database refuses (issue 30 item 6), the outside probe's shapes against the real routes
// it named, through the site's HTTP layer on a real port, on SQLite and on the PostgreSQL pass: a
// null byte answered 500 (`/leaderboard?q=ab%00` on SQLite; the position API, sign-in JSON, the
// profile form and admin searches on PostgreSQL). Each now gets 400 with the reason, pages as a
// page and /api/* in the JSON error shape, before any route reads it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { UNSTORABLE_TEXT_MESSAGE } from "~/lib/storable-text";
import * as adminUsers from "~/routes/admin.users";
import * as apiAuthLogin from "~/routes/api.auth.login";
import * as apiPosition from "~/routes/api.wager-race.position";
import * as leaderboard from "~/routes/leaderboard";
import * as profile from "~/routes/profile";
import { db } from "~/services/db.server";
import { createSession } from "~/services/auth/sessions.server";
import { insertUser } from "../../factories";
import { send, startHostileServer } from "./hostile-server";
import type { HostileServer } from "./hostile-server";
import { signedInCookie } from "../session-cookie";

let site: HostileServer;
let cookie = "";
const origin = () => `127.0.0.1:${site.port}`;

beforeAll(async () => {
  await migrateToLatest(db);
  const adminId = await insertUser(db, { username: "NullProbeBoss", is_admin: 1 });
  const token = await createSession({ userId: adminId, userAgent: "vitest", ip: "127.0.0.1" });
  cookie = await signedInCookie(token);
  site = await startHostileServer({
    routes: {
      leaderboard,
      "api/wager-race/position": apiPosition,
      "api/auth/login": apiAuthLogin,
      profile,
      "admin/users": adminUsers,
    },
  });
});
afterAll(async () => {
  await site.close();
});

/** Percent-encoded shapes: a NUL, an overlong NUL, a lone surrogate, bytes that are not UTF-8. */
const ENCODED = ["ab%00", "%00", "%C0%80", "%ED%A0%80", "%ED%BF%BF", "%FF", "ab%E2%82"];

const get = (path: string) => send(site.port, { path, headers: { Cookie: cookie } });

function expectPageRefusal(answer: { status: number; contentType: string; body: string }) {
  expect(answer.status).toBe(400);
  expect(answer.contentType).toMatch(/text\/html/);
  expect(answer.body).toContain(UNSTORABLE_TEXT_MESSAGE);
}

function expectApiRefusal(answer: { status: number; contentType: string; body: string }) {
  expect(answer.status).toBe(400);
  expect(answer.contentType).toMatch(/application\/json/);
  expect(JSON.parse(answer.body)).toEqual({ status: "error", message: UNSTORABLE_TEXT_MESSAGE });
}

describe("the query string", () => {
  it("plain searches are served", async () => {
    expect((await get("/leaderboard?q=ab")).status).toBe(200);
    expect((await get("/leaderboard?q=%F0%9F%90%90")).status).toBe(200);
    expect((await get("/admin/users?q=ab")).status).toBe(200);
    expect((await get("/api/wager-race/position?username=ab")).status).toBe(404);
  });

  it.each(ENCODED)("%s in the leaderboard's and the admin's searches: a 400 page", async (bad) => {
    expectPageRefusal(await get(`/leaderboard?q=${bad}`));
    expectPageRefusal(await get(`/admin/users?q=${bad}`));
    expectPageRefusal(await get(`/leaderboard/${bad}`));
  });

  it.each(ENCODED)("%s in the position API: 400 in the JSON error shape", async (bad) => {
    expectApiRefusal(await get(`/api/wager-race/position?username=${bad}`));
    expectApiRefusal(await get(`/api/wager-race/position?userId=1&${bad}=1`));
  });
});

describe("JSON bodies", () => {
  const login = (body: string | Buffer) =>
    send(site.port, {
      method: "POST",
      path: "/api/auth/login",
      headers: { "Content-Type": "application/json", Host: origin(), Origin: `http://${origin()}` },
      body,
    });

  it("a wrong password with ordinary text is 401", async () => {
    const answer = await login(JSON.stringify({ username: "NoSuchPlayer", password: "wrong-one" }));
    expect(answer.status).toBe(401);
  });

  it.each([
    ["a null byte", '{"username":"ab\\u0000","password":"x"}'],
    ["a null byte in a key", '{"username\\u0000":"ab","password":"x"}'],
    ["a lone high surrogate", '{"username":"ab\\ud800","password":"x"}'],
    ["a lone low surrogate", '{"username":"\\udc00ab","password":"x"}'],
    ["a null byte in a nested value", '{"username":"ab","password":"x","extra":["\\u0000"]}'],
  ])("%s in sign-in JSON: 400 in the JSON error shape", async (_name, body) => {
    expectApiRefusal(await login(body));
  });

  it("bytes that are not UTF-8 in sign-in JSON: 400", async () => {
    const body = Buffer.concat([
      Buffer.from('{"username":"ab'),
      Buffer.from([0xff, 0xc0, 0x80]),
      Buffer.from('","password":"x"}'),
    ]);
    expectApiRefusal(await login(body));
  });
});

describe("page forms", () => {
  it.each(["displayName=ab%00", "bio=%ED%A0%80", "bio=%FF"])(
    "the profile form with %s: 400, nothing stored",
    async (field) => {
      const before = await db.selectFrom("users").selectAll().orderBy("id").execute();
      const answer = await send(site.port, {
        method: "POST",
        path: "/profile",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: cookie,
          Host: origin(),
          Origin: `http://${origin()}`,
        },
        body: `intent=update-profile&${field}`,
      });
      expect(answer.status).toBe(400);
      expect(await db.selectFrom("users").selectAll().orderBy("id").execute()).toEqual(before);
    },
  );
});
