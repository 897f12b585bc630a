// The admin login, page and JSON (docs/product.md §A2, §A5, §A7): the site's one sign-in with
// the admin check; a non-admin gets 'Admin Access Required' and no session.
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import * as adminLoginApi from "~/routes/api.admin.login";
import * as adminLoginPage from "~/routes/admin.login";
import * as apiUser from "~/routes/api.user";
import { db } from "~/services/db.server";
import { accountDelay } from "~/services/auth/login-throttle.server";
import { sessionCookie } from "~/http/cookies.server";
import { createSession } from "~/services/auth/sessions.server";
import { createUser } from "~/services/auth/users.server";

const PASSWORD = "Grazing-Goats-On-Tuesday-42";
let ipCounter = 0;
const nextIp = () => `10.15.0.${(ipCounter += 1)}`;

type Action = (args: ActionFunctionArgs) => Promise<unknown>;

async function answerOf(action: Action, request: Request, ip = nextIp()) {
  let answer: unknown;
  try {
    answer = await action({ request, params: {}, context: { cspNonce: "", clientIp: ip } });
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response) return { status: answer.status, response: answer, body: null };
  const { init, data } = answer as { init: ResponseInit; data: Record<string, unknown> };
  return { status: init.status ?? 200, response: null, body: data };
}

function pagePost(fields: Record<string, string>, query = "", headers: HeadersInit = {}) {
  return new Request(`http://localhost/admin/login${query}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

function apiPost(body: unknown) {
  return new Request("http://localhost/api/admin/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": "vitest" },
    body: JSON.stringify(body),
  });
}

async function account(username: string, isAdmin: boolean) {
  const created = await createUser({
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
  });
  if (!created.ok) throw new Error("could not create the account");
  if (isAdmin) {
    await db.updateTable("users").set({ is_admin: 1 }).where("id", "=", created.userId).execute();
  }
  return created.userId;
}

const sessionCount = async (userId: number) =>
  (await db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).length;

const saved = { ...accountDelay };
let adminId = 0;
let memberId = 0;

beforeAll(async () => {
  await migrateToLatest(db);
  Object.assign(accountDelay, { firstMs: 10, maxMs: 50 });
  adminId = await account("loginBoss", true);
  memberId = await account("loginMember", false);
});
afterAll(() => {
  Object.assign(accountDelay, saved);
});

describe("/admin/login", { timeout: 60_000 }, () => {
  it("signs an admin in: the session cookie, the welcome toast, on to /admin; last login noted", async () => {
    const { status, response } = await answerOf(
      adminLoginPage.action,
      pagePost({ identifier: "  loginBoss ", password: PASSWORD }),
    );
    expect(status).toBe(302);
    expect(response?.headers.get("Location")).toBe("/admin");
    const cookies = response?.headers.getSetCookie() ?? [];
    expect(cookies.some((cookie) => cookie.startsWith("gv_session="))).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith("gv_toast="))).toBe(true);
    const user = await db
      .selectFrom("users")
      .select("last_login_at")
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    expect(user.last_login_at).not.toBeNull();
  });

  it("goes back to the admin page that sent the visitor, never elsewhere", async () => {
    const to = async (redirectTo: string) =>
      (
        await answerOf(
          adminLoginPage.action,
          pagePost(
            { identifier: "loginBoss", password: PASSWORD },
            `?${new URLSearchParams({ redirectTo })}`,
          ),
        )
      ).response?.headers.get("Location");
    expect(await to("/admin/users?q=goat")).toBe("/admin/users?q=goat");
    expect(await to("https://evil.test/admin")).toBe("/admin");
    expect(await to("/profile")).toBe("/admin");
    expect(await to("/admin/login")).toBe("/admin");
  });

  it("says which field is missing (judged trimmed), and signs no one in", async () => {
    const { status, body } = await answerOf(
      adminLoginPage.action,
      pagePost({ identifier: "   ", password: "  " }),
    );
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain("Email or Username is required");
    expect(JSON.stringify(body)).toContain("Password is required");
  });

  it("refuses a non-admin with 'Admin Access Required': no session made, none ended", async () => {
    const existing = await createSession({ userId: memberId, userAgent: "vitest", ip: "::1" });
    const cookie = (await sessionCookie.serialize(existing)).split(";")[0] ?? "";
    const { status, body, response } = await answerOf(
      adminLoginPage.action,
      pagePost({ identifier: "loginMember", password: PASSWORD }, "", { Cookie: cookie }),
    );
    expect(status).toBe(401);
    expect(response).toBeNull();
    expect(body).toMatchObject({
      failure: { title: "Error", description: "Admin Access Required" },
    });
    expect(await sessionCount(memberId)).toBe(1);
  });

  it("shows a wrong password as the server's message in an 'Error' toast", async () => {
    const { status, body } = await answerOf(
      adminLoginPage.action,
      pagePost({ identifier: "loginBoss", password: "not-it" }),
    );
    expect(status).toBe(401);
    expect(body).toMatchObject({
      failure: { title: "Error", description: "Invalid username or password" },
    });
  });
});

describe("POST /api/admin/login", { timeout: 60_000 }, () => {
  it("answers {status, token, user, message}; the token is a session for /api/user", async () => {
    const { response } = await answerOf(
      adminLoginApi.action,
      apiPost({ identifier: "loginboss@example.com", password: PASSWORD }),
    );
    const json = (await response?.json()) as { token: string; user: { id: number } };
    expect(response?.status).toBe(200);
    expect(json).toMatchObject({
      status: "success",
      message: "Welcome to the admin dashboard",
      user: { id: adminId, isAdmin: true },
    });
    const me = await apiUser.loader({
      request: new Request("http://localhost/api/user", {
        headers: { Authorization: `Bearer ${json.token}` },
      }),
      params: {},
      context: { cspNonce: "", clientIp: "::1" },
    });
    expect(((await me.json()) as { id: number }).id).toBe(adminId);
  });

  it("answers 401 {status: 'error'} for a non-admin, and makes no session", async () => {
    const before = await sessionCount(memberId);
    const { response } = await answerOf(
      adminLoginApi.action,
      apiPost({ identifier: "loginMember", password: PASSWORD }),
    );
    expect(response?.status).toBe(401);
    expect(await response?.json()).toMatchObject({
      status: "error",
      message: "Admin Access Required",
    });
    expect(await sessionCount(memberId)).toBe(before);
  });

  it("answers 400 with the field messages for missing fields", async () => {
    const { response } = await answerOf(adminLoginApi.action, apiPost({ identifier: " " }));
    expect(response?.status).toBe(400);
    expect(await response?.json()).toMatchObject({
      status: "error",
      errors: {
        identifier: ["Email or Username is required"],
        password: ["Password is required"],
      },
    });
  });

  it("is throttled like every sign-in: guesses from one address end in 429 with Retry-After", async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) {
      const { response } = await answerOf(
        adminLoginApi.action,
        apiPost({ identifier: "loginBoss", password: `wrong-${i}` }),
        ip,
      );
      expect(response?.status).toBe(401);
    }
    const { response } = await answerOf(
      adminLoginApi.action,
      apiPost({ identifier: "loginBoss", password: PASSWORD }),
      ip,
    );
    expect(response?.status).toBe(429);
    expect(Number(response?.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
