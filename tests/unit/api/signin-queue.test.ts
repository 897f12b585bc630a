import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { migrateToLatest } from "~db";
import { onBehalfOf } from "~/server/password-hash-client.server";
import type * as HashThreads from "~/server/password-hash-threads.server";
import type { HashClient } from "~/server/password-hash-threads.server";
import * as authPage from "~/routes/auth";
import * as login from "~/routes/api.auth.login";
import * as register from "~/routes/api.auth.register";
import * as userPassword from "~/routes/api.user.password";
import { db } from "~/services/db.server";
import { hashesWaitingByAddress, hashPassword } from "~/services/auth/passwords.server";
import { createSession } from "~/services/auth/sessions.server";
import { scryptPasswordHash } from "../legacy-password";

// No thread ever takes a hash here: what waits stays queued, so the queue's state is exact and a
// request that waited for the queue would never be answered (the test would time out).
vi.mock("~/server/password-hash-threads.server", async (importOriginal) => {
  const real = await importOriginal<typeof HashThreads>();
  return {
    ...real,
    createPasswordHashThreads: (options: { threads: number; lowerBy: number }) =>
      real.createPasswordHashThreads({ ...options, threads: 0, waitingLimit: 3 }),
  };
});

type Action = (args: ActionFunctionArgs) => unknown;

/** An action run for `client`, as the server's middleware runs it; its status, body, headers. */
async function answerOf(handler: Action, request: Request, client: HashClient) {
  const context = { cspNonce: "", clientIp: client.address };
  const answer = await onBehalfOf(client, () => handler({ request, params: {}, context }));
  if (answer instanceof Response) {
    return {
      status: answer.status,
      body: (await answer.json()) as Record<string, unknown>,
      headers: answer.headers,
    };
  }
  const { data, init } = answer as { data: Record<string, unknown>; init: ResponseInit | null };
  return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) };
}

function jsonRequest(body: unknown, token?: string, signal?: AbortSignal) {
  const headers = new Headers({ "Content-Type": "application/json", "User-Agent": "vitest" });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return new Request("http://localhost/api/test", {
    method: "POST",
    headers,
    body: JSON.stringify(body),
    signal: signal ?? null,
  });
}

const BUSY = /^Too many sign-ins at once\. Please try again in \d+ seconds?\.$/;

function expectRefusedAtOnce(answer: { status: number; headers: Headers }) {
  expect(answer.status).toBe(503);
  expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
}

const FILLERS = ["198.51.100.1", "198.51.100.2", "198.51.100.3"];

/** A hash asked for on behalf of `address`, left waiting. */
function fill(address: string) {
  void onBehalfOf({ address }, () => hashPassword("filler-secret")).catch(() => undefined);
}

const SIGN_IN = { username: "somegoat", password: "some-secret-1" };

beforeAll(async () => {
  await migrateToLatest(db);
  // Two of the queue's three places taken.
  for (const address of FILLERS.slice(0, 2)) fill(address);
});

describe("a sign-in whose client has gone", () => {
  it("leaves the hashing queue", async () => {
    const gone = new AbortController();
    const client = { address: "203.0.113.50", signal: gone.signal };
    // The request's signal is the client's, as the server gives it.
    const signIn = answerOf(
      login.action as Action,
      jsonRequest(SIGN_IN, undefined, gone.signal),
      client,
    ).then(
      () => "settled",
      () => "settled",
    );
    // Waiting for its place in the queue (its database look-ups come first).
    await vi.waitFor(() => expect(hashesWaitingByAddress().get(client.address)).toBe(1), {
      timeout: 30_000,
    });
    gone.abort(new Error("the client has gone"));
    expect(await signIn).toBe("settled");
    expect([...hashesWaitingByAddress().keys()]).toEqual(FILLERS.slice(0, 2));
  });
});

describe("a full hashing queue", () => {
  const client = { address: "203.0.113.9" };
  beforeAll(() => {
    // Three addresses hold the whole queue, one hash each: none more than its share.
    fill(FILLERS[2] as string);
    expect(hashesWaitingByAddress()).toEqual(new Map(FILLERS.map((address) => [address, 1])));
  });

  it("answers the JSON sign-in and registration 503 with Retry-After, at once", async () => {
    const signIn = await answerOf(login.action as Action, jsonRequest(SIGN_IN), client);
    expectRefusedAtOnce(signIn);
    expect(signIn.body.message).toMatch(BUSY);

    const password = "a-long-unguessable-secret-9";
    const registration = await answerOf(
      register.action as Action,
      jsonRequest({
        username: "newgoat",
        email: "new@example.com",
        password,
        confirmPassword: password,
      }),
      client,
    );
    expectRefusedAtOnce(registration);
    expect(registration.body.message).toMatch(BUSY);
  });

  it("answers the sign-in form 503 with Retry-After and says why on the form", async () => {
    const body = new FormData();
    body.append("username", SIGN_IN.username);
    body.append("password", SIGN_IN.password);
    const request = new Request("http://localhost/auth?mode=login", {
      method: "POST",
      headers: { "User-Agent": "vitest" },
      body,
    });
    const answer = await answerOf(authPage.action as Action, request, client);
    expectRefusedAtOnce(answer);
    const reply = answer.body as { result: { error: Record<string, string[]> } };
    expect(reply.result.error[""]?.[0]).toMatch(BUSY);
  });

  it("answers a password change 503 with Retry-After", async () => {
    const user = await db
      .insertInto("users")
      .values({
        username: "changegoat",
        username_canonical: "changegoat",
        password_hash: scryptPasswordHash("old-secret-123"),
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const token = await createSession({ userId: user.id, userAgent: "vitest", ip: client.address });
    const newPassword = "a-long-unguessable-secret-9";
    const answer = await answerOf(
      userPassword.action as Action,
      jsonRequest(
        { currentPassword: "old-secret-123", newPassword, confirmNewPassword: newPassword },
        token,
      ),
      client,
    );
    expectRefusedAtOnce(answer);
  });

  it("takes no place for what it refused", () => {
    expect(hashesWaitingByAddress()).toEqual(new Map(FILLERS.map((address) => [address, 1])));
  });
});
