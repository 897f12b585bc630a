// ASVS 7.2.4: a sign-in (page form or dialog, JSON login or registration) from a client that still
// holds a session ends that session, its row and its sockets, before the new one is made.
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { eventBus } from "~/server/domain-event-bus.server";
import * as authLogin from "~/routes/api.auth.login";
import * as authRegister from "~/routes/api.auth.register";
import * as authPage from "~/routes/auth";
import { db } from "~/services/db.server";
import { sessionCookie } from "~/http/cookies.server";
import { findSessionUser } from "~/services/auth/sessions.server";
import { createUser } from "~/services/auth/users.server";

const PASSWORD = "Velvet-Orbit-7731!";
let ipCounter = 0;
const context = () => ({ cspNonce: "", clientIp: `10.7.0.${(ipCounter += 1)}` });

/** The session token a response's Set-Cookie gives the browser. */
async function tokenOf(response: Response): Promise<string> {
  for (const cookie of response.headers.getSetCookie()) {
    const token: unknown = await sessionCookie.parse(cookie.split(";")[0] ?? "");
    if (typeof token === "string" && token !== "") return token;
  }
  throw new Error(`no session cookie in ${response.status} answer`);
}

const cookieFor = async (token: string) =>
  (await sessionCookie.serialize(token)).split(";")[0] ?? "";

/** The sign-in page's (and dialog's) form post, as the browser sends it. */
async function pageSignIn(username: string, password: string, cookie?: string) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request("http://localhost/auth?mode=login", {
    method: "POST",
    headers,
    body: new URLSearchParams({ username, password }),
  });
  // A sign-in answers with a redirect (a Response); a refusal with data() (see the last test).
  return (authPage.action as (args: ActionFunctionArgs) => Promise<Response>)({
    request,
    params: {},
    context: context(),
  });
}

async function jsonCall(
  action: (args: ActionFunctionArgs) => Promise<Response>,
  body: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const request = new Request("http://localhost/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return action({ request, params: {}, context: context() });
}

const sessionRows = async (userId: number) =>
  (await db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).length;

const endedSessions: string[] = [];
let unsubscribe: () => void;
let userId: number;

beforeAll(async () => {
  await migrateToLatest(db);
  const created = await createUser({
    username: "relogger",
    email: "relogger@example.com",
    password: PASSWORD,
  });
  if (!created.ok) throw new Error("could not create the user");
  userId = created.userId;
  unsubscribe = eventBus.subscribe("sessions.ended", ({ sessionIds }) =>
    endedSessions.push(...sessionIds),
  );
});

afterAll(() => unsubscribe());

describe("signing in again", { timeout: 60_000 }, () => {
  it("on the page form, ends the session the browser still holds (row and sockets)", async () => {
    await db.deleteFrom("sessions").execute();
    const first = await tokenOf(await pageSignIn("relogger", PASSWORD));
    const firstSession = await findSessionUser(await cookieFor(first));
    expect(firstSession).not.toBeNull();

    const second = await tokenOf(await pageSignIn("relogger", PASSWORD, await cookieFor(first)));
    expect(await findSessionUser(await cookieFor(first))).toBeNull();
    expect(await findSessionUser(await cookieFor(second))).toMatchObject({ userId });
    expect(await sessionRows(userId)).toBe(1);
    expect(endedSessions).toContain(firstSession?.sessionId);
  });

  it("through the JSON login, ends the session of the cookie or of the Bearer token", async () => {
    await db.deleteFrom("sessions").execute();
    const credentials = { username: "relogger", password: PASSWORD };
    const first = await tokenOf(await jsonCall(authLogin.action, credentials));
    const second = await tokenOf(
      await jsonCall(authLogin.action, credentials, { Cookie: await cookieFor(first) }),
    );
    expect(await findSessionUser(await cookieFor(first))).toBeNull();
    expect(await sessionRows(userId)).toBe(1);

    const third = await tokenOf(
      await jsonCall(authLogin.action, credentials, { Authorization: `Bearer ${second}` }),
    );
    expect(await findSessionUser(await cookieFor(second))).toBeNull();
    expect(await findSessionUser(await cookieFor(third))).toMatchObject({ userId });
    expect(await sessionRows(userId)).toBe(1);
  });

  it("by registering a new account, ends the session the browser held for another", async () => {
    await db.deleteFrom("sessions").execute();
    const old = await tokenOf(await pageSignIn("relogger", PASSWORD));
    const answer = await jsonCall(
      authRegister.action,
      {
        username: "newcomer",
        email: "newcomer@example.com",
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
      { Cookie: await cookieFor(old) },
    );
    expect(answer.status).toBe(201);
    expect(await findSessionUser(await cookieFor(old))).toBeNull();
    expect(await sessionRows(userId)).toBe(0);
  });

  it("with a wrong password, leaves the session the browser holds alone", async () => {
    await db.deleteFrom("sessions").execute();
    const held = await tokenOf(await pageSignIn("relogger", PASSWORD));
    // A refused form answers with data() (the form's errors), not a Response.
    const refused = (await pageSignIn("relogger", "not-the-password", await cookieFor(held))) as {
      init?: { status?: number };
    };
    expect(refused.init?.status).toBe(401);
    expect(await findSessionUser(await cookieFor(held))).toMatchObject({ userId });
  });
});
