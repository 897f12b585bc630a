// Web push as a channel of the notification path (issue 33 item 2, docs/decisions/0077): a
// notification a preference governs is queued for each of its user's devices, sent through
// web-push to a loopback push service that decrypts it, retried on failure, and a subscription the
// service says is gone (404, 410) is removed.
import { importJWK, jwtVerify } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertUser } from "../../factories";
import { EMAIL_RETRY_BASE_MS } from "~/domain/email";
import { db } from "~/services/db.server";
import { addNotifications } from "~/services/notifications/notifications.server";
import type { NewNotification } from "~/services/notifications/notifications.server";
import { savePreferences } from "~/services/notifications/preferences.server";
import { drainPushOutbox } from "~/services/push/outbox.server";
import { webPushSender } from "~/services/push/sender.server";
import { savePushSubscription } from "~/services/push/subscriptions.server";
import { vapidPublicKey } from "~/services/push/vapid.server";
import { startFakePushService } from "./fake-push-service";
import type { FakeDevice } from "./fake-push-service";

const T0 = new Date("2026-11-27T18:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

let service: Awaited<ReturnType<typeof startFakePushService>>;
let sender: ReturnType<typeof webPushSender>;

beforeAll(async () => {
  await migrateToLatest(db);
  service = await startFakePushService();
  sender = webPushSender({ agent: service.agent });
});

afterAll(async () => {
  await service.close();
});

beforeEach(async () => {
  service.received.length = 0;
  service.answers.length = 0;
  await db.deleteFrom("push_outbox").execute();
  await db.deleteFrom("push_subscriptions").execute();
  await db.deleteFrom("notifications").execute();
});

async function subscribedUser(...devices: FakeDevice[]) {
  const userId = await insertUser(db);
  for (const device of devices) await savePushSubscription(userId, device, "test browser", T0);
  return userId;
}

const rankUp = (userId: number): NewNotification => ({
  userId,
  kind: "rank_up",
  title: "You reached Gold",
  message: "Your all-time wagers took you to Gold.",
});

async function notify(notifications: NewNotification[]) {
  return db.transaction().execute((trx) => addNotifications(trx, notifications, T0));
}

const outbox = () => db.selectFrom("push_outbox").selectAll().orderBy("id").execute();

describe("push delivery", () => {
  it("sends a notification to each of the user's devices, encrypted aes128gcm and signed with the site's VAPID key", async () => {
    const phone = service.device("phone");
    const laptop = service.device("laptop");
    const userId = await subscribedUser(phone, laptop);
    const [notification] = await notify([rankUp(userId)]);

    expect(await drainPushOutbox(sender, { now: () => T0 })).toEqual({
      sent: 2,
      retried: 0,
      failed: 0,
      expired: 0,
    });
    expect(service.received.map((push) => push.path).sort()).toEqual([
      "/push/laptop",
      "/push/phone",
    ]);
    const publicKey = await vapidPublicKey();
    const point = Buffer.from(publicKey, "base64url");
    const key = await importJWK(
      {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33).toString("base64url"),
      },
      "ES256",
    );
    for (const push of service.received) {
      const device = push.path.endsWith("phone") ? phone : laptop;
      expect(push.headers["content-encoding"]).toBe("aes128gcm");
      expect(service.open(device, push)).toEqual({
        title: "You reached Gold",
        body: "Your all-time wagers took you to Gold.",
        url: `/notifications/${notification?.id}`,
      });
      // RFC 8292: `vapid t=<JWT signed with the private key>, k=<the public key>`.
      const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(push.headers.authorization));
      expect(match?.[2]).toBe(publicKey);
      const { payload } = await jwtVerify(match?.[1] ?? "", key, { audience: service.origin });
      expect(payload.sub).toMatch(/^(mailto:|https:)/);
    }
    expect((await outbox()).map((row) => row.status)).toEqual(["sent", "sent"]);
    // Sent once: a second pass sends nothing.
    expect((await drainPushOutbox(sender, { now: () => at(60_000) })).sent).toBe(0);
  });

  it("pushes only what the user's preferences let e-mail send, and only to subscribed users", async () => {
    const subscribed = await subscribedUser(service.device("off"));
    await savePreferences(subscribed, {
      wagerRaceUpdates: true,
      vipStatusChanges: false,
      promotionalOffers: false,
      monthlyStatements: false,
    });
    const unsubscribed = await insertUser(db);
    await notify([
      // vipStatusChanges is off: no push.
      rankUp(subscribed),
      // No preference governs a support reply: it stays in-app.
      { userId: subscribed, kind: "support_reply", title: "Reply", message: "We answered." },
      rankUp(unsubscribed),
    ]);
    expect(await outbox()).toEqual([]);

    // wagerRaceUpdates is on: the race prize is pushed.
    await notify([
      {
        userId: subscribed,
        kind: "race_prize",
        title: "Prize",
        message: "2nd place",
        raceId: null,
      },
    ]);
    expect((await outbox()).map((row) => JSON.parse(row.payload) as unknown)).toEqual([
      expect.objectContaining({ title: "Prize", body: "2nd place" }),
    ]);
  });

  it("removes a subscription the push service says is gone (410 or 404), with its queued pushes", async () => {
    const gone = service.device("gone");
    const missing = service.device("missing");
    const userId = await subscribedUser(gone, missing);
    await notify([rankUp(userId)]);
    service.answers.push(410, 404);

    expect(await drainPushOutbox(sender, { now: () => T0 })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
      expired: 2,
    });
    expect(await db.selectFrom("push_subscriptions").selectAll().execute()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it("retries a push the service failed, after the e-mail outbox's back-off, and then sends it", async () => {
    const device = service.device("flaky");
    const userId = await subscribedUser(device);
    await notify([rankUp(userId)]);
    service.answers.push(503);

    expect(await drainPushOutbox(sender, { now: () => T0 })).toEqual({
      sent: 0,
      retried: 1,
      failed: 0,
      expired: 0,
    });
    const [waiting] = await outbox();
    expect(waiting).toMatchObject({
      status: "queued",
      attempts: 1,
      next_attempt_at: at(EMAIL_RETRY_BASE_MS).toISOString(),
    });
    expect(waiting?.last_error).toMatch(/503/);
    // Not due before its retry time; sent at it.
    expect((await drainPushOutbox(sender, { now: () => at(EMAIL_RETRY_BASE_MS - 1) })).sent).toBe(
      0,
    );
    expect((await drainPushOutbox(sender, { now: () => at(EMAIL_RETRY_BASE_MS) })).sent).toBe(1);
    expect(service.received).toHaveLength(2);
    expect(service.open(device, service.received[1]!)).toMatchObject({ title: "You reached Gold" });
    expect((await outbox())[0]).toMatchObject({ status: "sent", attempts: 2 });
  });
});
