// Linking a Goated account (issue 18, decision 0031): a request names one of our referrals, an admin
// approves (the user is linked, told in the inbox, the change audited) or rejects it, and the user
// can unlink. One player is linked to one user; a user has one request pending.
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertPlayer, insertRace, insertUser, uniqueName } from "../../factories";
import {
  ALREADY_LINKED,
  GOATED_USERNAME_NOT_FOUND,
  GOATED_USERNAME_REQUIRED,
  LINK_REQUEST_DECIDED,
  LINK_REQUEST_NOT_FOUND,
  NOT_LINKED,
  PLAYER_ALREADY_LINKED,
  REQUEST_ALREADY_PENDING,
} from "~/domain/goated-link";
import type { NotificationView } from "~/domain/notifications";
import { eventBus } from "~/server/domain-event-bus.server";
import { db } from "~/services/db.server";
import {
  decideLinkRequest,
  listPendingLinkRequests,
  pendingLinkRequest,
  requestGoatedLink,
  unlinkGoated,
} from "~/services/players/goated-links.server";
import { linkedPlayerActivity } from "~/services/players/member-profile.server";
import { getAccount } from "~/services/auth/users.server";

const NOW = new Date("2026-11-23T12:00:00.000Z");

async function member() {
  const username = uniqueName("member");
  return { userId: await insertUser(db, { username }), username };
}

async function referral(allTime = 150_000) {
  const name = uniqueName("Goat");
  const uid = await insertPlayer(db, { name, all_time: allTime, this_month: 1_234.5 });
  return { uid, name };
}

let admin = { userId: 0, username: "" };

beforeAll(async () => {
  await migrateToLatest(db);
  const username = uniqueName("admin");
  admin = { userId: await insertUser(db, { username, is_admin: 1 }), username };
});

const auditKinds = async (subject: string) =>
  (
    await db
      .selectFrom("audit_log")
      .select("kind")
      .where("subject", "=", subject)
      .orderBy("id")
      .execute()
  ).map((row) => row.kind);

describe("asking to link a Goated account", () => {
  it("refuses a name that is none of our referrals, or none at all, and writes nothing", async () => {
    const { userId } = await member();
    expect(await requestGoatedLink(userId, "nobody-we-refer", NOW)).toEqual({
      ok: false,
      status: 404,
      message: GOATED_USERNAME_NOT_FOUND,
    });
    expect(await requestGoatedLink(userId, "   ", NOW)).toMatchObject({
      status: 400,
      message: GOATED_USERNAME_REQUIRED,
    });
    expect(await requestGoatedLink(userId, 42, NOW)).toMatchObject({ status: 400 });
    // A demo row is no referral.
    const demo = uniqueName("Demo");
    await insertPlayer(db, { name: demo, is_demo: 1 });
    expect(await requestGoatedLink(userId, demo, NOW)).toMatchObject({ status: 404 });
    expect(await pendingLinkRequest(userId)).toBeNull();
  });

  it("matches the name regardless of case and waits for review, as the provider spells it", async () => {
    const { userId } = await member();
    const player = await referral();
    const requested = await requestGoatedLink(userId, `  ${player.name.toUpperCase()} `, NOW);
    expect(requested).toEqual({
      ok: true,
      value: {
        id: expect.any(Number),
        userId,
        goatedUsername: player.name,
        status: "pending",
        createdAt: NOW.toISOString(),
      },
    });
    expect(await pendingLinkRequest(userId)).toMatchObject({ goatedUsername: player.name });
    // Not linked before an admin approves.
    expect((await getAccount(userId))?.goatedId).toBeNull();
    // A second request while one is pending is refused, for any player.
    const other = await referral();
    expect(await requestGoatedLink(userId, other.name, NOW)).toMatchObject({
      status: 409,
      message: REQUEST_ALREADY_PENDING,
    });
  });

  it("refuses a player linked to another user, and a user already linked", async () => {
    const player = await referral();
    const owner = await member();
    await db
      .updateTable("users")
      .set({ goated_id: player.uid, goated_username: player.name })
      .where("id", "=", owner.userId)
      .execute();
    const { userId } = await member();
    expect(await requestGoatedLink(userId, player.name, NOW)).toMatchObject({
      status: 409,
      message: PLAYER_ALREADY_LINKED,
    });
    const other = await referral();
    expect(await requestGoatedLink(owner.userId, other.name, NOW)).toMatchObject({
      status: 409,
      message: ALREADY_LINKED,
    });
  });

  it("keeps one player to one user and one pending request per user in the schema", async () => {
    const player = await referral();
    const first = await member();
    const second = await member();
    const link = (userId: number) =>
      db.updateTable("users").set({ goated_id: player.uid }).where("id", "=", userId).execute();
    await link(first.userId);
    await expect(link(second.userId)).rejects.toThrow(/UNIQUE|duplicate key/);
    const pending = (userId: number) =>
      db
        .insertInto("goated_link_requests")
        .values({
          user_id: userId,
          player_uid: "x",
          player_name: "x",
          created_at: NOW.toISOString(),
        })
        .execute();
    await pending(second.userId);
    await expect(pending(second.userId)).rejects.toThrow(/UNIQUE|duplicate key/);
  });
});

describe("an admin deciding a link request", () => {
  it("approving links the user, tells them after the commit and audits it", async () => {
    const { userId } = await member();
    const player = await referral(150_000);
    const requested = await requestGoatedLink(userId, player.name, NOW);
    if (!requested.ok) throw new Error(requested.message);
    const listed = (await listPendingLinkRequests()).find((r) => r.id === requested.value.id);
    expect(listed).toMatchObject({
      goatedUsername: player.name,
      totals: { allTime: 150_000, thisMonth: 1_234.5 },
    });

    const announced: NotificationView[][] = [];
    const unsubscribe = eventBus.subscribe("notifications.created", ({ notifications }) => {
      announced.push(notifications);
    });
    try {
      const approved = await decideLinkRequest(admin, requested.value.id, "approve", NOW);
      expect(approved).toMatchObject({ ok: true, value: { status: "approved" } });
    } finally {
      unsubscribe();
    }
    const account = await getAccount(userId);
    expect(account).toMatchObject({ goatedId: player.uid, goatedUsername: player.name });
    expect(account?.totalWagered).toBe(150_000);
    // The Stats tiles read the linked player's races too.
    await insertRace(db, {
      status: "completed",
      start_date: "2026-11-01T00:00:00.000Z",
      end_date: "2026-11-08T00:00:00.000Z",
      results: [{ uid: player.uid, name: player.name, wager: 500, prizeCents: 10_000 }],
    });
    expect(await linkedPlayerActivity(userId)).toEqual({
      racesJoined: 1,
      lastWagerAt: expect.any(String),
    });
    expect(announced.flat()).toEqual([
      expect.objectContaining({ userId, kind: "account_link", title: "Goated account linked" }),
    ]);
    expect(await pendingLinkRequest(userId)).toBeNull();
    expect(await auditKinds(`link_request:${requested.value.id}`)).toEqual([
      "goated_link.approved",
    ]);
    // Decided once.
    expect(await decideLinkRequest(admin, requested.value.id, "reject", NOW)).toMatchObject({
      status: 409,
      message: LINK_REQUEST_DECIDED,
    });
  });

  it("rejecting leaves the user unlinked and free to ask again", async () => {
    const { userId } = await member();
    const player = await referral();
    const requested = await requestGoatedLink(userId, player.name, NOW);
    if (!requested.ok) throw new Error(requested.message);
    expect(await decideLinkRequest(admin, requested.value.id, "reject", NOW)).toMatchObject({
      ok: true,
      value: { status: "rejected" },
    });
    expect((await getAccount(userId))?.goatedId).toBeNull();
    const inbox = await db
      .selectFrom("notifications")
      .select(["kind", "title"])
      .where("user_id", "=", userId)
      .execute();
    expect(inbox).toEqual([{ kind: "account_link", title: "Goated link request rejected" }]);
    expect(await auditKinds(`link_request:${requested.value.id}`)).toEqual([
      "goated_link.rejected",
    ]);
    expect(await requestGoatedLink(userId, player.name, NOW)).toMatchObject({ ok: true });
  });

  it("refuses to approve a second request for a player someone got meanwhile, changing nothing", async () => {
    const player = await referral();
    const first = await member();
    const second = await member();
    const one = await requestGoatedLink(first.userId, player.name, NOW);
    const two = await requestGoatedLink(second.userId, player.name, NOW);
    if (!one.ok || !two.ok) throw new Error("requests refused");
    expect(await decideLinkRequest(admin, one.value.id, "approve", NOW)).toMatchObject({
      ok: true,
    });
    expect(await decideLinkRequest(admin, two.value.id, "approve", NOW)).toMatchObject({
      status: 409,
      message: PLAYER_ALREADY_LINKED,
    });
    expect((await getAccount(second.userId))?.goatedId).toBeNull();
    expect(await pendingLinkRequest(second.userId)).not.toBeNull();
    expect(await auditKinds(`link_request:${two.value.id}`)).toEqual([]);
    expect(await decideLinkRequest(admin, 999_999, "approve", NOW)).toMatchObject({
      status: 404,
      message: LINK_REQUEST_NOT_FOUND,
    });
  });
});

describe("unlinking", () => {
  it("clears the link and audits it; unlinking twice is refused", async () => {
    const user = await member();
    const player = await referral();
    const requested = await requestGoatedLink(user.userId, player.name, NOW);
    if (!requested.ok) throw new Error(requested.message);
    await decideLinkRequest(admin, requested.value.id, "approve", NOW);
    expect(await unlinkGoated(user, NOW)).toEqual({ ok: true, value: null });
    expect(await getAccount(user.userId)).toMatchObject({
      goatedId: null,
      goatedUsername: null,
      totalWagered: 0,
    });
    expect(await linkedPlayerActivity(user.userId)).toBeNull();
    expect(await auditKinds(`user:${user.userId}`)).toEqual(["goated_link.unlinked"]);
    expect(await unlinkGoated(user, NOW)).toMatchObject({ status: 409, message: NOT_LINKED });
  });
});
