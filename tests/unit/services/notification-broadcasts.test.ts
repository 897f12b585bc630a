import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertUser, uniqueName } from "../../factories";
import type { NotificationView } from "~/domain/notifications";
import { eventBus } from "~/server/domain-event-bus.server";
import * as adminPage from "~/routes/admin.notifications";
import * as sendApi from "~/routes/api.admin.notifications.send";
import { panelFigures } from "~/services/admin/admin-panel.server";
import { db } from "~/services/db.server";
import {
  audienceSizes,
  listBroadcasts,
  sendBroadcast,
} from "~/services/notifications/notification-broadcasts.server";
import { savePreferences } from "~/services/notifications/preferences.server";
import { createSession } from "~/services/auth/sessions.server";

const NOW = new Date("2026-11-20T10:00:00.000Z");
const PREFS_OFF = {
  wagerRaceUpdates: true,
  vipStatusChanges: true,
  promotionalOffers: false,
  monthlyStatements: false,
};

let admin = { userId: 0, username: "" };
let adminToken = "";
let memberToken = "";
let promoFan = 0;
let promoOff = 0;
let neverSaved = 0;
let disabledFan = 0;

beforeAll(async () => {
  await migrateToLatest(db);
});

beforeEach(async () => {
  await db.deleteFrom("notifications").execute();
  await db.deleteFrom("notification_broadcasts").execute();
  await db.deleteFrom("audit_log").execute();
  await db.deleteFrom("sessions").execute();
  await db.deleteFrom("notification_preferences").execute();
  await db.deleteFrom("users").execute();
  const username = uniqueName("boss");
  admin = { userId: await insertUser(db, { username, is_admin: 1 }), username };
  adminToken = await createSession({ userId: admin.userId, userAgent: "vitest", ip: "127.0.0.1" });
  promoFan = await insertUser(db);
  promoOff = await insertUser(db);
  neverSaved = await insertUser(db);
  disabledFan = await insertUser(db, { disabled_at: NOW.toISOString() });
  memberToken = await createSession({ userId: promoOff, userAgent: "vitest", ip: "127.0.0.1" });
  await savePreferences(promoFan, { ...PREFS_OFF, promotionalOffers: true });
  await savePreferences(promoOff, PREFS_OFF);
  await savePreferences(disabledFan, { ...PREFS_OFF, promotionalOffers: true });
});

async function inboxOwners(): Promise<number[]> {
  const rows = await db.selectFrom("notifications").select("user_id").orderBy("user_id").execute();
  return rows.map((r) => r.user_id);
}

describe("sending a broadcast", () => {
  it("reaches users with promotional offers on by default, counts them, audits and announces", async () => {
    expect(await audienceSizes()).toEqual({ promotional: 1, all: 4 });
    const announced: NotificationView[][] = [];
    const stop = eventBus.subscribe("notifications.created", (e) =>
      announced.push(e.notifications),
    );
    let outcome;
    try {
      outcome = await sendBroadcast(
        { title: "Big news", message: "Line one\nLine two", audience: "promotional" },
        admin,
        NOW,
      );
    } finally {
      stop();
    }
    if (!("sent" in outcome)) throw new Error("not sent");
    expect(outcome.sent).toMatchObject({ delivered: 1, audience: "promotional" });
    expect(await inboxOwners()).toEqual([promoFan]);
    const row = await db.selectFrom("notifications").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: "announcement",
      title: "Big news",
      message: "Line one\nLine two",
      broadcast_id: outcome.sent.id,
    });
    expect(announced).toEqual([[expect.objectContaining({ id: row.id, userId: promoFan })]]);

    const audit = await db.selectFrom("audit_log").selectAll().execute();
    expect(audit).toEqual([
      expect.objectContaining({
        kind: "notification.sent",
        actor_id: admin.userId,
        subject: `broadcast:${outcome.sent.id}`,
        before_json: null,
      }),
    ]);
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({
      title: "Big news",
      message: "Line one\nLine two",
      audience: "promotional",
      delivered: 1,
    });
  });

  it("to all users reaches every account that may sign in", async () => {
    const outcome = await sendBroadcast(
      { title: "Everyone", message: "Hi", audience: "all" },
      admin,
      NOW,
    );
    expect(outcome).toMatchObject({ sent: { delivered: 4 } });
    expect(await inboxOwners()).toEqual(
      [admin.userId, promoFan, promoOff, neverSaved].sort((a, b) => a - b),
    );
    const { broadcasts, total } = await listBroadcasts(null);
    expect(total).toBe(1);
    expect(broadcasts[0]).toMatchObject({
      sentBy: admin.username,
      title: "Everyone",
      audience: "all",
      delivered: 4,
      emailed: 0,
    });
    expect((await panelFigures(NOW)).notificationsThisMonth).toBe("1");
    expect((await panelFigures(new Date("2026-12-01T00:00:00.000Z"))).notificationsThisMonth).toBe(
      "0",
    );
  });

  it("writes nothing when nobody is in the audience", async () => {
    await db.deleteFrom("notification_preferences").execute();
    expect(
      await sendBroadcast({ title: "t", message: "m", audience: "promotional" }, admin, NOW),
    ).toEqual({ noRecipients: true });
    expect(await inboxOwners()).toEqual([]);
    expect(await db.selectFrom("notification_broadcasts").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("audit_log").selectAll().execute()).toEqual([]);
  });
});

type Handler = (args: ActionFunctionArgs) => Promise<unknown>;

/** A route action's answer: a Response (thrown or returned), or Remix's data(). */
async function answer(handler: Handler, request: Request) {
  const result = await handler({
    request,
    params: {},
    context: { cspNonce: "", clientIp: "127.0.0.1" },
  }).catch((thrown: unknown) => thrown);
  if (result instanceof Response) {
    const text = await result.text();
    return {
      status: result.status,
      location: result.headers.get("Location"),
      cookie: result.headers.get("Set-Cookie"),
      body: text ? (JSON.parse(text) as unknown) : null,
    };
  }
  const { data, init } = result as { data: unknown; init: ResponseInit | null };
  return {
    status: init?.status ?? 200,
    location: null,
    cookie: new Headers(init?.headers).get("Set-Cookie"),
    body: data,
  };
}

function callApi(body: unknown, token: string | null) {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return answer(
    sendApi.action as Handler,
    new Request("http://localhost/api/admin/notifications/send", {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
}

function postForm(fields: Record<string, string>) {
  return answer(
    adminPage.action as Handler,
    new Request("http://localhost/admin/notifications", {
      method: "POST",
      headers: { Authorization: `Bearer ${adminToken}` },
      body: new URLSearchParams(fields),
    }),
  );
}

describe("POST /api/admin/notifications/send", () => {
  it("sends {title, message} to the default audience", async () => {
    const sent = await callApi({ title: "API news", message: "From a bot" }, adminToken);
    expect(sent).toMatchObject({
      status: 200,
      body: {
        status: "success",
        message: "Notification sent successfully",
        notification: { title: "API news", audience: "promotional", delivered: 1 },
      },
    });
    expect(await inboxOwners()).toEqual([promoFan]);
  });

  it("answers 400 with field errors for bad input, and writes nothing", async () => {
    for (const body of [
      {},
      { title: "  ", message: "m" },
      { title: "t", message: "" },
      { title: "t", message: "m", audience: "admins" },
      { title: "x".repeat(121), message: "m" },
      { title: "bell\u0007", message: "m" },
    ]) {
      const refused = await callApi(body, adminToken);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ status: "error", errors: expect.any(Object) });
    }
    expect(await inboxOwners()).toEqual([]);
  });

  it("answers 401 signed out, 403 to a non-admin, 409 for an empty audience", async () => {
    expect(await callApi({ title: "t", message: "m" }, null)).toMatchObject({ status: 401 });
    expect(await callApi({ title: "t", message: "m" }, memberToken)).toMatchObject({
      status: 403,
    });
    await db.deleteFrom("notification_preferences").execute();
    expect(await callApi({ title: "t", message: "m" }, adminToken)).toMatchObject({
      status: 409,
      body: { status: "error" },
    });
    expect(await inboxOwners()).toEqual([]);
  });
});

describe("the /admin/notifications form", () => {
  it("previews without sending, then sends with post/redirect/get and the success toast", async () => {
    const fields = { title: "Weekend race", message: "Starts Friday", audience: "all" };
    const preview = await postForm({ ...fields, intent: "preview" });
    expect(preview).toMatchObject({ status: 200, body: { preview: fields } });
    expect(await inboxOwners()).toEqual([]);

    const sent = await postForm({ ...fields, intent: "send" });
    expect(sent).toMatchObject({ status: 302, location: "/admin/notifications" });
    expect(sent.cookie).toMatch(/gv_toast=/);
    expect(await inboxOwners()).toHaveLength(4);
  });

  it("refuses an empty title with the failure toast, and sends nothing", async () => {
    const refused = await postForm({ title: "", message: "m", intent: "send" });
    expect(refused.status).toBe(400);
    expect(refused.cookie).toMatch(/gv_toast=/);
    expect(await inboxOwners()).toEqual([]);
  });
});
