import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import * as authLogin from "~/routes/api.auth.login";
import * as authLogout from "~/routes/api.auth.logout";
import * as authRegister from "~/routes/api.auth.register";
import * as authUser from "~/routes/api.auth.user";
import * as login from "~/routes/api.login";
import * as notificationPreferences from "~/routes/api.notification-preferences";
import * as register from "~/routes/api.register";
import * as user from "~/routes/api.user";
import * as userSessions from "~/routes/api.user.sessions";
import * as terminateSession from "~/routes/api.user.sessions.$id.terminate";
import * as userUpdate from "~/routes/api.user.update";
import * as users from "~/routes/api.users.$id";
import { db } from "~/services/db.server";

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<Response> | Response;

interface CallOptions {
  method?: "GET" | "POST";
  body?: unknown;
  raw?: string;
  contentType?: string;
  token?: string;
  params?: Record<string, string>;
  ip?: string;
}

let ipCounter = 0;

/** Calls a route's loader (GET) or action (POST) as Remix would, and reads the JSON answer. */
async function call(handler: unknown, options: CallOptions = {}) {
  const method = options.method ?? (options.body !== undefined || options.raw ? "POST" : "GET");
  const headers = new Headers({ "User-Agent": "vitest" });
  if (method === "POST") headers.set("Content-Type", options.contentType ?? "application/json");
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  const body =
    method === "POST"
      ? (options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)))
      : undefined;
  const request = new Request("http://localhost/api/test", { method, headers, body });
  // Thrown Responses are answers too (the guards throw 401/403).
  const response = await Promise.resolve()
    .then(() =>
      (handler as Handler)({
        request,
        params: options.params ?? {},
        context: { cspNonce: "", clientIp: options.ip ?? `10.1.0.${(ipCounter += 1)}` },
      }),
    )
    .catch((thrown: unknown) => {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    });
  const json = (await response.json()) as Record<string, unknown>;
  return { status: response.status, json, headers: response.headers };
}

const userCount = async () =>
  Number(
    (
      await db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const registration = (name: string) => ({
  username: name,
  email: `${name}@example.com`,
  password: "goat-secret",
  confirmPassword: "goat-secret",
});

async function registered(name: string) {
  const { json } = await call(register.action, { body: registration(name) });
  return { token: json.token as string, id: (json.user as { id: number }).id };
}

beforeAll(async () => {
  await migrateToLatest(db);
});

describe("POST /api/auth/register and /api/register", { timeout: 60_000 }, () => {
  it("creates the account, opens a session and answers {user, message}", async () => {
    const { status, json, headers } = await call(authRegister.action, {
      body: registration("apigoat"),
    });
    expect(status).toBe(201);
    expect(json.message).toBe("Registration successful");
    expect(json.user).toMatchObject({
      username: "apigoat",
      email: "apigoat@example.com",
      isAdmin: false,
    });
    expect(json.user).not.toHaveProperty("password_hash");
    expect(headers.get("Set-Cookie")).toMatch(/^gv_session=/);
    const me = await call(user.loader, { token: json.token as string });
    expect(me.json).toMatchObject({
      username: "apigoat",
      profileColor: "#D7FF00",
      totalWagered: 0,
    });
  });

  it.each<[string, CallOptions, number, string]>([
    ["malformed JSON", { raw: '{"username": "x",' }, 400, "Malformed JSON"],
    ["a JSON array", { raw: "[]" }, 400, "Expected a JSON object"],
    [
      "a form body",
      { raw: "username=x", contentType: "application/x-www-form-urlencoded" },
      415,
      "Send a JSON body with Content-Type: application/json",
    ],
    [
      "a body over 16 KiB",
      { body: { ...registration("big"), bio: "x".repeat(17_000) } },
      413,
      "Request body is too large",
    ],
  ])("refuses %s with a 4xx and writes nothing", async (_case, options, status, message) => {
    const before = await userCount();
    const answer = await call(register.action, options);
    expect(answer.status).toBe(status);
    expect(answer.json.message).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it("answers wrong types and bad values with the form's messages per field", async () => {
    const before = await userCount();
    const answer = await call(register.action, {
      body: { username: 123, email: "nope", password: ["x"], confirmPassword: "other" },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toMatchObject({
      username: ["Username must be at least 3 characters"],
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 8 characters"],
    });
    const tooLong = await call(register.action, { body: registration("x".repeat(51)) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.errors).toMatchObject({
      username: ["Username must be at most 50 characters"],
    });
    const mismatch = await call(register.action, {
      body: { ...registration("mismatch"), confirmPassword: "not-the-same" },
    });
    expect(mismatch.json.errors).toMatchObject({ confirmPassword: ["Passwords do not match"] });
    expect(await userCount()).toBe(before);
  });

  it("answers a taken username or e-mail with 409 on its field, whatever the case", async () => {
    await registered("takengoat");
    const answer = await call(register.action, {
      body: { ...registration("TAKENGOAT"), email: "TakenGoat@Example.com" },
    });
    expect(answer.status).toBe(409);
    expect(answer.json.errors).toEqual({
      username: ["This username is already taken"],
      email: ["An account with this e-mail already exists"],
    });
  });

  it("only answers POST", async () => {
    expect((await call(register.loader, { method: "GET" })).status).toBe(405);
  });

  it("takes spec §3's three fields without confirmPassword, on both paths", async () => {
    for (const [route, name] of [
      [register, "threefields"],
      [authRegister, "authThreeFields"],
    ] as const) {
      const { username, email, password } = registration(name);
      const answer = await call(route.action, { body: { username, email, password } });
      expect(answer.status, JSON.stringify(answer.json)).toBe(201);
      expect(answer.json.user).toMatchObject({ username: name });
    }
    const before = await userCount();
    const refused = await call(register.action, {
      body: { username: "nopassword", email: "nopassword@example.com", password: "" },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toMatchObject({
      password: ["Password must be at least 8 characters"],
    });
    expect(await userCount()).toBe(before);
  });
});

describe("POST /api/auth/login and /api/login", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await registered("loginGoat");
  });

  it("signs in by username or e-mail, any case, trimmed", async () => {
    for (const name of ["loginGoat", " LOGINGOAT ", "logingoat@EXAMPLE.com"]) {
      const answer = await call(login.action, {
        body: { username: name, password: "goat-secret" },
      });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({
        message: "Login successful",
        user: { username: "loginGoat" },
      });
    }
  });

  it("answers a wrong password and an unknown account alike, with 401", async () => {
    const wrong = await call(authLogin.action, {
      body: { username: "loginGoat", password: "wrong-one" },
    });
    const unknown = await call(authLogin.action, {
      body: { username: "nobody-here", password: "wrong-one" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.message).toBe("Invalid username or password");
    expect(unknown.json.message).toBe(wrong.json.message);
  });

  it("refuses an address an account after five failures there with 429 and Retry-After, even with the right password; another address signs in", async () => {
    await registered("throttled");
    for (let i = 0; i < 5; i += 1) {
      await call(login.action, {
        body: { username: "throttled", password: "wrong-one" },
        ip: "10.2.0.1",
      });
    }
    const answer = await call(login.action, {
      body: { username: "throttled", password: "goat-secret" },
      ip: "10.2.0.1",
    });
    expect(answer.status).toBe(429);
    expect(answer.json.message).toMatch(/^Too many failed sign-in attempts/);
    expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
    const elsewhere = await call(login.action, {
      body: { username: "throttled", password: "goat-secret" },
      ip: "10.2.0.2",
    });
    expect(elsewhere.status).toBe(200);
  });

  it("refuses a sixth account from one address within the hour with 429 and Retry-After", async () => {
    for (let i = 0; i < 5; i += 1) {
      const created = await call(register.action, {
        body: registration(`many${i}`),
        ip: "10.3.0.1",
      });
      expect(created.status).toBe(201);
    }
    const answer = await call(register.action, { body: registration("many5"), ip: "10.3.0.1" });
    expect(answer.status).toBe(429);
    expect(answer.json.message).toBe(
      "Too many accounts created from this address. Please try again in 60 minutes.",
    );
    expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(59 * 60);
  });

  it("refuses a login without a password with a message", async () => {
    const answer = await call(login.action, { body: { username: "loginGoat" } });
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toMatchObject({ password: ["Please enter your password"] });
  });
});

describe("the signed-in user's routes", { timeout: 60_000 }, () => {
  let token: string;
  let userId: number;
  beforeAll(async () => {
    ({ token, id: userId } = await registered("meGoat"));
  });

  it("GET /api/auth/user and /api/user answer 401 {message: 'Not authenticated'} signed out", async () => {
    for (const handler of [authUser.loader, user.loader]) {
      expect(await call(handler)).toMatchObject({
        status: 401,
        json: { message: "Not authenticated" },
      });
      expect((await call(handler, { token: "forged" })).status).toBe(401);
      expect((await call(handler, { token })).json).toMatchObject({
        id: userId,
        username: "meGoat",
      });
    }
  });

  it("POST /api/user/update changes the profile, and refuses bad fields writing nothing", async () => {
    const good = await call(userUpdate.action, {
      token,
      body: {
        username: "meGoat",
        telegramUsername: "@goat_fan",
        bio: "Hi",
        profileColor: "#00FFFF",
      },
    });
    expect(good.status).toBe(200);
    expect(good.json.user).toMatchObject({
      telegramUsername: "goat_fan",
      bio: "Hi",
      profileColor: "#00FFFF",
    });

    for (const body of [
      { username: "meGoat", profileColor: "red" },
      { username: "meGoat", profileColor: "#00FFFF", bio: "x".repeat(501) },
      { username: "meGoat", profileColor: "#00FFFF", telegramUsername: "a b" },
      { username: 42, profileColor: "#00FFFF" },
    ]) {
      const bad = await call(userUpdate.action, { token, body });
      expect(bad.status).toBe(400);
      expect(bad.json.message).toBe("Failed to update profile");
    }
    await registered("otherGoat");
    const taken = await call(userUpdate.action, {
      token,
      body: { username: "OTHERGOAT", profileColor: "#00FFFF" },
    });
    expect(taken.status).toBe(409);
    expect((await call(user.loader, { token })).json).toMatchObject({
      username: "meGoat",
      bio: "Hi",
      profileColor: "#00FFFF",
    });
    expect((await call(userUpdate.action, { body: { username: "x" } })).status).toBe(401);
  });

  it("GET /api/user/sessions lists the user's sessions; terminate ends only one's own", async () => {
    const second = await call(login.action, {
      body: { username: "meGoat", password: "goat-secret" },
    });
    const list = await call(userSessions.loader, { token });
    const sessions = list.json as unknown as Array<{
      id: string;
      isCurrent: boolean;
      isActive: boolean;
    }>;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.isCurrent)).toHaveLength(1);
    // The client reads isActive as "the session you are using": only that one.
    expect(sessions.map((s) => s.isActive)).toEqual(sessions.map((s) => s.isCurrent));
    const other = sessions.find((s) => !s.isCurrent);

    const stranger = await registered("strangerGoat");
    const refused = await call(terminateSession.action, {
      method: "POST",
      token: stranger.token,
      params: { id: other?.id ?? "" },
    });
    expect(refused).toMatchObject({
      status: 404,
      json: { message: "Failed to terminate session" },
    });

    const ended = await call(terminateSession.action, {
      method: "POST",
      token,
      params: { id: other?.id ?? "" },
    });
    expect(ended).toMatchObject({
      status: 200,
      json: { message: "Session terminated successfully" },
    });
    expect((await call(user.loader, { token: second.json.token as string })).status).toBe(401);
    expect(
      (await call(terminateSession.action, { method: "POST", token, params: { id: "nope" } }))
        .status,
    ).toBe(404);
  });

  it("GET|POST /api/notification-preferences reads and saves the four flags", async () => {
    const initial = await call(notificationPreferences.loader, { token });
    expect(initial.json.preferences).toEqual({
      wagerRaceUpdates: true,
      vipStatusChanges: true,
      promotionalOffers: false,
      monthlyStatements: false,
    });
    const flags = {
      wagerRaceUpdates: false,
      vipStatusChanges: true,
      promotionalOffers: true,
      monthlyStatements: true,
    };
    expect((await call(notificationPreferences.action, { token, body: flags })).status).toBe(200);
    const bad = await call(notificationPreferences.action, {
      token,
      body: { ...flags, promotionalOffers: "yes" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("Failed to update preferences");
    expect((await call(notificationPreferences.loader, { token })).json.preferences).toEqual(flags);
    expect((await call(notificationPreferences.loader)).status).toBe(401);
  });

  it("GET /api/users/:id shows public fields only", async () => {
    const answer = await call(users.loader, { token, params: { id: String(userId) } });
    expect(answer.json).toMatchObject({ id: userId, username: "meGoat" });
    expect(answer.json).not.toHaveProperty("email");
    expect(answer.json).not.toHaveProperty("isAdmin");
    for (const id of ["0", "abc", "999999"]) {
      expect((await call(users.loader, { token, params: { id } })).status).toBe(404);
    }
    expect((await call(users.loader, { params: { id: String(userId) } })).status).toBe(401);
  });

  it("POST /api/auth/logout ends the session", async () => {
    const session = await call(login.action, {
      body: { username: "meGoat", password: "goat-secret" },
    });
    const sessionToken = session.json.token as string;
    const answer = await call(authLogout.action, { token: sessionToken, body: {} });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
    expect((await call(user.loader, { token: sessionToken })).status).toBe(401);
  });
});
