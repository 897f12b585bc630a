import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { AuthFailure, authenticate } from "~/services/auth/authentication.server";
import type { AuthMode } from "~/services/auth/authentication.server";
import { db } from "~/services/db.server";
import { accountDelay } from "~/services/auth/login-throttle.server";
import { createUser } from "~/services/auth/users.server";

// Strong enough for any password rule; every wrong guess still costs a real password check.
const PASSWORD = "Grazing-Goats-On-Tuesday-42";
const WRONG = "Grazing-Goats-On-Monday-41";

async function attempt(mode: AuthMode, fields: Record<string, string>, ip: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request("http://localhost/auth", { method: "POST", body: form });
  try {
    const { userId } = await authenticate(mode, request, { ip, userAgent: "vitest" });
    return { status: 200, userId, message: "", retryAfterSeconds: undefined };
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
    const { status, message, retryAfterSeconds } = error;
    return { status, userId: undefined, message, retryAfterSeconds };
  }
}

const signIn = (username: string, password: string, ip: string) =>
  attempt("login", { username, password }, ip);

async function account(username: string) {
  const created = await createUser({
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
  });
  if (!created.ok) throw new Error("could not create the account");
  return created.userId;
}

const saved = { ...accountDelay };
beforeAll(async () => {
  await migrateToLatest(db);
  // The schedule's shape is tested in login-throttle.test.ts; here it only must not sleep long.
  Object.assign(accountDelay, { firstMs: 10, maxMs: 50 });
});
afterAll(() => {
  Object.assign(accountDelay, saved);
});

describe("sign-in throttling by account", { timeout: 180_000 }, () => {
  it("cannot lock the owner out: after failures from one address and many, a clean address signs in", async () => {
    const bossId = await account("boss");
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn("boss", WRONG, "203.0.113.1")).status).toBe(401);
    }
    for (let i = 0; i < 5; i += 1) {
      const name = i % 2 === 0 ? "boss" : "BOSS@example.com";
      expect((await signIn(name, WRONG, `203.0.113.${10 + i}`)).status).toBe(401);
    }
    // The guessing address stays refused, even with the right password.
    const refused = await signIn("boss", PASSWORD, "203.0.113.1");
    expect(refused).toMatchObject({
      status: 429,
      message: "Too many failed sign-in attempts. Please try again in 15 minutes.",
    });
    expect(refused.retryAfterSeconds).toBeGreaterThan(14 * 60);
    // The owner, from an address without failures, gets in.
    expect(await signIn("boss", PASSWORD, "198.51.100.2")).toMatchObject({
      status: 200,
      userId: bossId,
    });
  });

  it("counts the username and the e-mail of one account together", async () => {
    await account("twonames");
    for (let i = 0; i < 3; i += 1) {
      expect((await signIn("twonames", WRONG, "203.0.113.50")).status).toBe(401);
    }
    for (let i = 0; i < 2; i += 1) {
      expect((await signIn("TwoNames@Example.com", WRONG, "203.0.113.50")).status).toBe(401);
    }
    expect((await signIn("twonames@example.com", PASSWORD, "203.0.113.50")).status).toBe(429);
    expect((await signIn("twonames", PASSWORD, "203.0.113.50")).status).toBe(429);
  });
});

describe("registration throttling", { timeout: 180_000 }, () => {
  const register = (username: string, ip: string) =>
    attempt(
      "register",
      {
        username,
        email: `${username}@example.com`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
      ip,
    );

  it("lets one address create five accounts an hour, then answers 429 with the wait", async () => {
    // A name already taken creates nothing, so it does not count.
    await account("takenname");
    expect((await register("takenname", "192.0.2.60")).status).toBe(409);
    for (let i = 0; i < 5; i += 1) {
      expect((await register(`flood${i}`, "192.0.2.60")).status).toBe(200);
    }
    const refused = await register("flood5", "192.0.2.60");
    expect(refused).toMatchObject({
      status: 429,
      message: "Too many accounts created from this address. Please try again in 60 minutes.",
    });
    expect(refused.retryAfterSeconds).toBeGreaterThan(59 * 60);
    const flood5 = await db
      .selectFrom("users")
      .select("id")
      .where("username", "=", "flood5")
      .executeTakeFirst();
    expect(flood5).toBeUndefined();
    // Another address is not affected.
    expect((await register("flood5", "192.0.2.61")).status).toBe(200);
  });
});
