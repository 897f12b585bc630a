import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { USERNAME_INVISIBLE_CHARACTERS, USERNAME_MIXED_SCRIPTS } from "~/domain/account-forms";
import { PASSWORD_TOO_GUESSABLE } from "~/domain/password-strength.server";
import { eventBus } from "~/server/domain-event-bus.server";
import { UNSTORABLE_TEXT_MESSAGE } from "~/lib/storable-text";
import * as authPage from "~/routes/auth";
import * as login from "~/routes/api.auth.login";
import * as register from "~/routes/api.auth.register";
import * as user from "~/routes/api.user";
import * as userPassword from "~/routes/api.user.password";
import * as userUpdate from "~/routes/api.user.update";
import * as profilePage from "~/routes/profile";
import { db } from "~/services/db.server";
import { accountDelay, FAILURES_PER_ACCOUNT_AND_IP } from "~/services/auth/login-throttle.server";
import { USERNAME_TAKEN } from "~/services/auth/users.server";
import { legacyPasswordHash, scryptPasswordHash } from "../legacy-password";
import { signedInCookie } from "../session-cookie";

type Action = (args: ActionFunctionArgs) => unknown;

let ipCounter = 0;

/** What a route action answered: its status and body, from a Response or Remix's `data()`. */
async function answerOf(handler: Action, request: Request, clientIp?: string) {
  const context = { cspNonce: "", clientIp: clientIp ?? `10.2.0.${(ipCounter += 1)}` };
  const answer = await Promise.resolve()
    .then(() => handler({ request, params: {}, context }))
    .catch((thrown: unknown) => {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    });
  if (answer instanceof Response) {
    const text = await answer.text();
    return {
      status: answer.status,
      body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null,
      headers: answer.headers,
    };
  }
  const { data, init } = answer as { data: Record<string, unknown>; init: ResponseInit | null };
  return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) };
}

function json(handler: Action, body: unknown, token?: string, clientIp?: string) {
  const headers = new Headers({ "Content-Type": "application/json", "User-Agent": "vitest" });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const request = new Request("http://localhost/api/test", {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  return answerOf(handler, request, clientIp);
}

async function form(handler: Action, url: string, fields: Record<string, string>, token?: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const headers = new Headers({ "User-Agent": "vitest" });
  if (token) headers.set("Cookie", await signedInCookie(token));
  return answerOf(handler, new Request(url, { method: "POST", headers, body }));
}

const signIn = (username: string, password: string) => json(login.action, { username, password });
const tokenOf = (answer: { body: Record<string, unknown> | null }) => answer.body?.token as string;
const isSignedIn = async (token: string) =>
  (await answerOf(user.loader as Action, get(token))).status === 200;
function get(token: string) {
  return new Request("http://localhost/api/user", {
    headers: { Authorization: `Bearer ${token}` },
  });
}

async function registered(username: string, password = "goat-secret-1") {
  const answer = await json(register.action, {
    username,
    email: `${username}@example.com`,
    password,
    confirmPassword: password,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return tokenOf(answer);
}

const passwordHashOf = async (username: string) =>
  (
    await db
      .selectFrom("users")
      .select("password_hash")
      .where("username", "=", username)
      .executeTakeFirstOrThrow()
  ).password_hash;

async function insertLegacyAccount(
  username: string,
  password: string,
  canonical: string | null,
  passwordHash = legacyPasswordHash(password),
) {
  await db
    .insertInto("users")
    .values({
      username,
      username_canonical: canonical,
      email: null,
      password_hash: passwordHash,
      created_at: new Date().toISOString(),
    })
    .execute();
}

beforeAll(async () => {
  await migrateToLatest(db);
});

describe("new passwords", { timeout: 120_000 }, () => {
  it.each(["123456", "password", "qwerty", "aaaaaa", "password123"])(
    "registration refuses %s with a message on the password, writing nothing",
    async (password) => {
      const answer = await json(register.action, {
        username: `weak_${password}`,
        email: `weak_${password}@example.com`,
        password,
        confirmPassword: password,
      });
      expect(answer.status).toBe(400);
      const errors = answer.body?.errors as Record<string, string[]>;
      expect(errors.password?.[0]).toMatch(
        /^(Password must be at least 8 characters|This password is too common)/,
      );
      expect(
        await db
          .selectFrom("users")
          .where("username", "=", `weak_${password}`)
          .select("id")
          .executeTakeFirst(),
      ).toBeUndefined();
    },
  );

  it("the /auth form refuses a guessable password on its field", async () => {
    const answer = await form(authPage.action as Action, "http://localhost/auth?mode=register", {
      username: "weakform",
      email: "weakform@example.com",
      password: "password123",
      confirmPassword: "password123",
    });
    expect(answer.status).toBe(400);
    const reply = (answer.body?.result as { error: Record<string, string[]> }).error;
    expect(reply.password).toEqual([PASSWORD_TOO_GUESSABLE]);
  });

  it("are used exactly as typed: '  secret-pass  ' is not 'secret-pass'", async () => {
    await registered("paddedgoat", "  secret-pass  ");
    expect((await signIn("paddedgoat", "secret-pass")).status).toBe(401);
    expect((await signIn("paddedgoat", "  secret-pass  ")).status).toBe(200);
    await registered("plaingoat", "secret-pass");
    expect((await signIn("plaingoat", "  secret-pass  ")).status).toBe(401);
    expect((await signIn("plaingoat", "secret-pass")).status).toBe(200);
  });
});

describe("accounts from before exact passwords", { timeout: 120_000 }, () => {
  it("still sign in, and move to an exact hash once the password is typed without padding", async () => {
    await insertLegacyAccount("oldgoat", "old-secret", "oldgoat");
    expect((await signIn("oldgoat", "  old-secret  ")).status).toBe(200);
    expect(await passwordHashOf("oldgoat")).toMatch(/^scrypt\$/);
    expect((await signIn("oldgoat", "old-secret")).status).toBe(200);
    expect(await passwordHashOf("oldgoat")).toMatch(/^\$argon2id\$/);
    // From now on, exactly as typed.
    expect((await signIn("oldgoat", "  old-secret  ")).status).toBe(401);
    expect((await signIn("oldgoat", "old-secret")).status).toBe(200);
  });

  it("hashed with scrypt move to argon2id at their next successful sign-in", async () => {
    await insertLegacyAccount(
      "scryptgoat",
      "scrypt-secret",
      "scryptgoat",
      scryptPasswordHash("scrypt-secret"),
    );
    const scrypt = await passwordHashOf("scryptgoat");
    expect((await signIn("scryptgoat", "wrong-secret")).status).toBe(401);
    expect(await passwordHashOf("scryptgoat")).toBe(scrypt);
    expect((await signIn("scryptgoat", "scrypt-secret")).status).toBe(200);
    const argon2id = await passwordHashOf("scryptgoat");
    expect(argon2id).toMatch(/^\$argon2id\$v=19\$m=\d+,t=2,p=1\$/);
    expect((await signIn("scryptgoat", "scrypt-secret")).status).toBe(200);
    expect(await passwordHashOf("scryptgoat")).toBe(argon2id);
  });

  it("left without a canonical name by the migration, sign in by their own name", async () => {
    await registered("elder");
    // An older look-alike the migration could not give the canonical name 'elder'.
    await insertLegacyAccount("\uFF45lder", "twin-secret", null);
    const twin = await signIn("\uFF45lder", "twin-secret");
    expect(twin.status).toBe(200);
    expect(twin.body?.user).toMatchObject({ username: "\uFF45lder" });
    const elder = await signIn("ELDER", "goat-secret-1");
    expect(elder.body?.user).toMatchObject({ username: "elder" });
  });
});

describe("usernames", { timeout: 120_000 }, () => {
  let bossToken: string;
  beforeAll(async () => {
    bossToken = await registered("boss");
  });

  it.each<[string, string, number, string]>([
    ["a zero-width space", "boss\u200B", 400, USERNAME_INVISIBLE_CHARACTERS],
    ["a bidi override", "\u202Essob", 400, USERNAME_INVISIBLE_CHARACTERS],
    ["a Cyrillic о among Latin letters", "b\u043Ess", 400, USERNAME_MIXED_SCRIPTS],
    ["another case", "BOSS", 409, USERNAME_TAKEN],
    ["full-width letters", "\uFF42\uFF4F\uFF53\uFF53", 409, USERNAME_TAKEN],
  ])("registration refuses %s next to 'boss'", async (_case, username, status, message) => {
    const answer = await json(register.action, {
      username,
      email: "lookalike@example.com",
      password: "goat-secret-1",
      confirmPassword: "goat-secret-1",
    });
    expect(answer.status).toBe(status);
    expect((answer.body?.errors as Record<string, string[]>).username).toEqual([message]);

    const page = await form(authPage.action as Action, "http://localhost/auth?mode=register", {
      username,
      email: "lookalike@example.com",
      password: "goat-secret-1",
      confirmPassword: "goat-secret-1",
    });
    expect(page.status).toBe(status);
    expect((page.body?.result as { error: Record<string, string[]> }).error.username).toEqual([
      message,
    ]);
  });

  it("registration refuses a NUL in the name before any validation (app/lib/storable-text.ts)", async () => {
    const fields = {
      username: "bo\u0000ss",
      email: "lookalike@example.com",
      password: "goat-secret-1",
      confirmPassword: "goat-secret-1",
    };
    const answer = await json(register.action, fields);
    expect(answer.status).toBe(400);
    expect(answer.body?.message).toBe(UNSTORABLE_TEXT_MESSAGE);
    const page = await Promise.resolve(
      authPage.action({
        request: new Request("http://localhost/auth?mode=register", {
          method: "POST",
          body: new URLSearchParams(fields),
        }),
        params: {},
        context: { cspNonce: "", clientIp: "10.2.9.9" },
      }),
    ).catch((thrown: unknown) => thrown);
    expect(page).toBeInstanceOf(Response);
    expect((page as Response).status).toBe(400);
    expect((page as Response).statusText).toBe(UNSTORABLE_TEXT_MESSAGE);
  });

  it.each<[string, number, string]>([
    ["boss\u200B", 400, USERNAME_INVISIBLE_CHARACTERS],
    ["b\u043Ess", 400, USERNAME_MIXED_SCRIPTS],
    ["BOSS", 409, USERNAME_TAKEN],
  ])("the profile refuses %j for another member", async (username, status, message) => {
    const token = await registered(`other_${status}_${username.length}_${ipCounter}`);
    const api = await json(userUpdate.action, { username, profileColor: "#D7FF00" }, token);
    expect(api.status).toBe(status);
    expect((api.body?.errors as Record<string, string[]>).username).toEqual([message]);
    const page = await form(
      profilePage.action as Action,
      "http://localhost/profile",
      { intent: "update-profile", username, profileColor: "#D7FF00" },
      token,
    );
    expect(page.status).toBe(status);
    expect((page.body?.result as { error: Record<string, string[]> }).error.username).toEqual([
      message,
    ]);
  });

  it("sign-in finds the account by its canonical name", async () => {
    for (const typed of ["BOSS", "\uFF42\uFF4F\uFF53\uFF53", "boss\u200B"]) {
      const answer = await signIn(typed, "goat-secret-1");
      expect(answer.status, JSON.stringify(typed)).toBe(200);
      expect(answer.body?.user).toMatchObject({ username: "boss" });
    }
    expect(await isSignedIn(bossToken)).toBe(true);
  });

  it("the database refuses a second account with the same canonical name", async () => {
    await expect(
      db
        .insertInto("users")
        .values({
          username: "Boss",
          username_canonical: "boss",
          password_hash: "x",
          created_at: new Date().toISOString(),
        })
        .execute(),
    ).rejects.toThrow(/UNIQUE|duplicate key/);
  });
});

describe("changing the password", { timeout: 180_000 }, () => {
  it("POST /api/user/password checks the current password, refuses a weak one, and ends every other session", async () => {
    const current = await registered("changer");
    const others = [
      tokenOf(await signIn("changer", "goat-secret-1")),
      tokenOf(await signIn("changer", "goat-secret-1")),
    ];
    const change = (body: unknown, token?: string) => json(userPassword.action, body, token);

    expect((await change({ currentPassword: "goat-secret-1", newPassword: "x" })).status).toBe(401);
    const missing = await change({}, current);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body?.errors as object)).toEqual(
      expect.arrayContaining(["currentPassword", "newPassword"]),
    );
    const wrong = await change(
      { currentPassword: "not-my-password", newPassword: "a-brand-new-goat" },
      current,
    );
    expect(wrong).toMatchObject({
      status: 400,
      body: {
        message: "Failed to change password",
        errors: { currentPassword: ["Current password is incorrect"] },
      },
    });
    const weak = await change(
      { currentPassword: "goat-secret-1", newPassword: "password123" },
      current,
    );
    expect(weak.status).toBe(400);
    expect(weak.body?.errors).toEqual({ newPassword: [PASSWORD_TOO_GUESSABLE] });
    expect(await Promise.all(others.map(isSignedIn))).toEqual([true, true]);

    const ended: string[] = [];
    const unsubscribe = eventBus.subscribe("sessions.ended", ({ sessionIds }) => {
      ended.push(...sessionIds);
    });
    const done = await change(
      { currentPassword: "goat-secret-1", newPassword: "a-brand-new-goat" },
      current,
    );
    unsubscribe();
    expect(done).toMatchObject({
      status: 200,
      body: { status: "success", message: "Your password has been changed" },
    });
    expect(ended).toHaveLength(2);
    expect(await isSignedIn(current)).toBe(true);
    expect(await Promise.all(others.map(isSignedIn))).toEqual([false, false]);
    expect((await signIn("changer", "goat-secret-1")).status).toBe(401);
    expect((await signIn("changer", "a-brand-new-goat")).status).toBe(200);
  });

  it("guesses of the current password count as sign-in failures of the account", async () => {
    const current = await registered("guessed");
    const guess = (currentPassword: string, clientIp: string) =>
      json(
        userPassword.action,
        { currentPassword, newPassword: "a-brand-new-goat" },
        current,
        clientIp,
      );
    const savedDelay = { ...accountDelay };
    Object.assign(accountDelay, { firstMs: 5, maxMs: 10 });
    try {
      for (let i = 0; i < FAILURES_PER_ACCOUNT_AND_IP; i += 1) {
        expect((await guess(`wrong-guess-${i}`, "10.9.9.9")).status).toBe(400);
      }
      const refused = await guess("goat-secret-1", "10.9.9.9");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      // The owner, from an address with no failures, still gets in.
      expect((await guess("goat-secret-1", "10.9.9.10")).status).toBe(200);
    } finally {
      Object.assign(accountDelay, savedDelay);
    }
  });

  it("the profile's form works as a plain POST: field errors with 400, else a redirect and a toast", async () => {
    const current = await registered("formchanger");
    const other = tokenOf(await signIn("formchanger", "goat-secret-1"));
    const post = (fields: Record<string, string>) =>
      form(
        profilePage.action as Action,
        "http://localhost/profile?tab=sessions",
        { intent: "change-password", ...fields },
        current,
      );

    const wrong = await post({
      currentPassword: "not-my-password",
      newPassword: "a-brand-new-goat",
      confirmNewPassword: "a-brand-new-goat",
    });
    expect(wrong.status).toBe(400);
    const reply = wrong.body?.result as {
      error: Record<string, string[]>;
      initialValue: Record<string, unknown> | null;
    };
    expect(reply.error.currentPassword).toEqual(["Current password is incorrect"]);
    // The passwords never come back to the page.
    expect(JSON.stringify(reply)).not.toContain("a-brand-new-goat");

    const mismatch = await post({
      currentPassword: "goat-secret-1",
      newPassword: "a-brand-new-goat",
      confirmNewPassword: "a-brand-new-got",
    });
    expect(mismatch.status).toBe(400);
    expect(await isSignedIn(other)).toBe(true);

    const done = await post({
      currentPassword: "goat-secret-1",
      newPassword: "a-brand-new-goat",
      confirmNewPassword: "a-brand-new-goat",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/profile?tab=sessions");
    expect(done.headers.get("Set-Cookie")).toMatch(/gv_toast=/);
    expect(await isSignedIn(current)).toBe(true);
    expect(await isSignedIn(other)).toBe(false);
    expect((await signIn("formchanger", "a-brand-new-goat")).status).toBe(200);
  });
});
