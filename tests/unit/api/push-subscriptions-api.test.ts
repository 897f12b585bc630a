// The web push API (issue 33 item 2): the VAPID public key for anyone (never the private key), and
// a signed-in user's subscriptions, added (201) and removed (only their own); bad input is a 400
// with a clear message and writes nothing, a visitor gets 401.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertSession, insertUser } from "../../factories";
import {
  PUSH_ENDPOINT_INVALID,
  PUSH_KEYS_INVALID,
  PUSH_SUBSCRIPTION_NOT_FOUND,
} from "~/domain/push";
import { db } from "~/services/db.server";
import { vapidKeys } from "~/services/push/vapid.server";
import { apiFetch } from "./api-server";

const KEYS = {
  p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url"),
  auth: Buffer.alloc(16, 9).toString("base64url"),
};

async function signedIn() {
  const id = await insertUser(db);
  const { token } = await insertSession(db, id);
  return { id, headers: { Authorization: `Bearer ${token}` } };
}

async function call(method: string, headers: Record<string, string>, body: unknown) {
  const response = await apiFetch("/api/push/subscriptions", {
    method,
    headers: {
      ...headers,
      "Content-Type": "application/json",
      "User-Agent": "Firefox/133.0 (X11; Linux)",
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const subscriptions = () =>
  db.selectFrom("push_subscriptions").select(["user_id", "endpoint", "p256dh"]).execute();

beforeAll(async () => {
  await migrateToLatest(db);
});

beforeEach(async () => {
  await db.deleteFrom("push_subscriptions").execute();
});

describe("GET /api/push/vapid-public-key", () => {
  it("answers the key pair's public half, the same on every call, never the private one", async () => {
    const first = await apiFetch("/api/push/vapid-public-key");
    const text = await first.text();
    const { publicKey } = JSON.parse(text) as { publicKey: string };
    expect(first.status).toBe(200);
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    const again = (await (await apiFetch("/api/push/vapid-public-key")).json()) as unknown;
    expect(again).toEqual({ publicKey });
    const { privateKey } = await vapidKeys();
    expect(text).not.toContain(privateKey);
    // Kept with the data, sealed: the database does not hold the private key in the clear.
    const row = await db.selectFrom("push_vapid_keys").selectAll().executeTakeFirstOrThrow();
    expect(row.public_key).toBe(publicKey);
    expect(row.private_key_sealed).not.toContain(privateKey);
  });
});

describe("POST /api/push/subscriptions", () => {
  it("refuses visitors with 401", async () => {
    const answer = await call("POST", {}, { endpoint: "https://push.example/x", keys: KEYS });
    expect(answer.status).toBe(401);
    expect(await subscriptions()).toEqual([]);
  });

  it.each([
    [{ keys: KEYS }, PUSH_ENDPOINT_INVALID],
    [{ endpoint: "http://push.example/plain", keys: KEYS }, PUSH_ENDPOINT_INVALID],
    [{ endpoint: "not a url", keys: KEYS }, PUSH_ENDPOINT_INVALID],
    [{ endpoint: "https://push.example/x" }, PUSH_KEYS_INVALID],
    [{ endpoint: "https://push.example/x", keys: { ...KEYS, p256dh: "short" } }, PUSH_KEYS_INVALID],
    [{ endpoint: "https://push.example/x", keys: { ...KEYS, auth: "!!!" } }, PUSH_KEYS_INVALID],
  ])("answers 400 with a clear message for %j, writing nothing", async (body, message) => {
    const user = await signedIn();
    const answer = await call("POST", user.headers, body);
    expect(answer).toMatchObject({ status: 400, json: { status: "error", message } });
    expect(await subscriptions()).toEqual([]);
  });

  it("answers 201 and keeps one row per browser, its keys refreshed when it subscribes again", async () => {
    const user = await signedIn();
    const endpoint = "https://push.example/device-1";
    expect((await call("POST", user.headers, { endpoint, keys: KEYS })).status).toBe(201);
    const renewed = {
      ...KEYS,
      p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 8)]).toString("base64url"),
    };
    expect((await call("POST", user.headers, { endpoint, keys: renewed })).status).toBe(201);
    expect(await subscriptions()).toEqual([{ user_id: user.id, endpoint, p256dh: renewed.p256dh }]);
  });
});

describe("DELETE /api/push/subscriptions", () => {
  it("removes the user's own subscription, and only theirs", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const endpoint = "https://push.example/device-2";
    await call("POST", owner.headers, { endpoint, keys: KEYS });

    expect((await call("DELETE", {}, { endpoint })).status).toBe(401);
    expect(await call("DELETE", other.headers, { endpoint })).toMatchObject({
      status: 404,
      json: { message: PUSH_SUBSCRIPTION_NOT_FOUND },
    });
    expect((await call("DELETE", owner.headers, {})).status).toBe(400);
    expect(await subscriptions()).toHaveLength(1);

    expect((await call("DELETE", owner.headers, { endpoint })).status).toBe(200);
    expect(await subscriptions()).toEqual([]);
  });
});
