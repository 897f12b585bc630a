// The sync and the admin-saved provider token (issue 15): the newest saved token is used from the
// next run (an environment token still wins), `lastUsed` is the last sync that used it, and the
// admins hear once, in the app and by e-mail, when it is about to expire (6 hours ahead: the
// provider's tokens last 24 hours).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertProviderToken, insertUser } from "../../factories";
import { FAKE_AFFILIATE_UID, startFakeProvider } from "../../fake-provider/server";
import type { FakeProvider } from "../../fake-provider/server";
import { providerJwt } from "../../provider-jwt";
import { runSync } from "~/jobs/sync.server";
import { startSyncWorker } from "~/jobs/sync-thread.server";
import type { SyncOptions } from "~/jobs/sync.server";
import { eventBus } from "~/server/domain-event-bus.server";
import { db } from "~/services/db.server";
import { currentTokenMetadata, warnOfExpiringToken } from "~/services/admin/provider-tokens.server";

const DAY = 86_400_000;
let clock = new Date("2026-11-21T12:00:00.000Z");
const inDays = (days: number) => new Date(clock.getTime() + days * DAY);
const inHours = (hours: number) => new Date(clock.getTime() + (hours * DAY) / 24);
let provider: FakeProvider;
let goodToken = "";
let admins: number[] = [];
let member = 0;

const options = (envToken?: string): SyncOptions => ({
  config: {
    GOATED_API_BASE_URL: provider.url,
    GOATED_AFFILIATE_UID: FAKE_AFFILIATE_UID,
    GOATED_API_TOKEN: envToken,
  },
  now: () => clock,
  timeoutMs: 2000,
});

const tokenRows = () =>
  db.selectFrom("provider_tokens").select(["id", "last_used_at"]).orderBy("id").execute();
const notices = () =>
  db
    .selectFrom("notifications")
    .select(["user_id", "kind", "title", "message"])
    .where("kind", "=", "token_expiring")
    .orderBy("id")
    .execute();

beforeAll(async () => {
  await migrateToLatest(db);
  // The provider accepts only the token an admin will save (it expires in 3 days).
  goodToken = await providerJwt({ uid: "aff-1", expiresAt: inDays(3) });
  provider = await startFakeProvider({ token: goodToken });
  admins = [
    await insertUser(db, { username: "tokenAdminA", is_admin: 1 }),
    await insertUser(db, { username: "tokenAdminB", is_admin: 1 }),
  ];
  await insertUser(db, {
    username: "tokenAdminGone",
    is_admin: 1,
    disabled_at: "2026-01-01T00:00:00.000Z",
  });
  member = await insertUser(db, { username: "tokenMember" });
  // The sync worker thread loads its TypeScript through tsx: seconds on a loaded machine.
  await startSyncWorker();
}, 60_000);
afterAll(() => provider.close());

beforeEach(async () => {
  clock = new Date("2026-11-21T12:00:00.000Z");
  await db.deleteFrom("notifications").execute();
  await db.deleteFrom("provider_tokens").execute();
  await db.deleteFrom("sync_runs").execute();
});

describe("the sync and the saved token", () => {
  it("uses the newest saved token from its next run and records when it used it", async () => {
    const oldId = await insertProviderToken(db, "an-old-token-the-provider-refuses.x.y");
    expect(await runSync(options())).toMatchObject({ outcome: "failed", source: "provider" });
    clock = new Date(clock.getTime() + 60_000);
    const newId = await insertProviderToken(db, goodToken);
    expect(await runSync(options())).toMatchObject({ outcome: "success", source: "provider" });
    expect(await tokenRows()).toEqual([
      { id: oldId, last_used_at: "2026-11-21T12:00:00.000Z" },
      { id: newId, last_used_at: "2026-11-21T12:01:00.000Z" },
    ]);
    const read = await currentTokenMetadata(clock);
    expect(read).toMatchObject({ ok: true, metadata: { lastUsed: "2026-11-21T12:01:00.000Z" } });
  });

  it("an environment token wins: the saved one is not used", async () => {
    await insertProviderToken(db, await providerJwt({ expiresAt: inDays(2) }));
    expect(await runSync(options(goodToken))).toMatchObject({ outcome: "success" });
    expect((await tokenRows())[0]?.last_used_at).toBeNull();
    // Nor are the admins told about a token the sync does not use.
    expect(await notices()).toEqual([]);
  });
});

describe("the expiry notice", () => {
  it("tells every active admin once, 6 hours ahead, through the notifications", async () => {
    const announced: number[][] = [];
    const stop = eventBus.subscribe("notifications.created", (event) => {
      // The provider refuses this token too: its sync_refused notice is another test's.
      const expiring = event.notifications.filter((n) => n.kind === "token_expiring");
      if (expiring.length > 0) announced.push(expiring.map((n) => n.userId));
    });
    try {
      await insertProviderToken(db, await providerJwt({ expiresAt: inHours(24) }));
      await runSync(options());
      // A fresh 24-hour token: not yet.
      expect(await notices()).toEqual([]);
      clock = inHours(19);
      await runSync(options());
      await runSync(options());
      // The syncs told them; a further check tells nobody again.
      expect(await warnOfExpiringToken(clock)).toEqual([]);
      const sent = await notices();
      expect(sent.map((n) => n.user_id).sort()).toEqual([...admins].sort());
      expect(sent.map((n) => n.user_id)).not.toContain(member);
      expect(sent[0]).toMatchObject({
        kind: "token_expiring",
        title: "API token expiring soon",
        message: expect.stringContaining("will expire in 5 hours"),
      });
      expect(announced).toEqual([expect.arrayContaining(admins)]);
    } finally {
      stop();
    }
  });

  it("a newer token gets a notice of its own", async () => {
    await insertProviderToken(db, await providerJwt({ expiresAt: inHours(2) }));
    expect(await warnOfExpiringToken(clock)).toHaveLength(admins.length);
    expect(await warnOfExpiringToken(clock)).toEqual([]);
    await insertProviderToken(db, await providerJwt({ expiresAt: inDays(-1) }));
    const again = await warnOfExpiringToken(clock);
    expect(again.map((n) => n.title)).toEqual(admins.map(() => "API token expired"));
    expect(await notices()).toHaveLength(2 * admins.length);
  });

  it("no notice without a token, or for one that does not expire soon", async () => {
    expect(await warnOfExpiringToken(clock)).toEqual([]);
    await insertProviderToken(db, await providerJwt({ expiresAt: null }));
    expect(await warnOfExpiringToken(clock)).toEqual([]);
    await insertProviderToken(db, await providerJwt({ expiresAt: inHours(7) }));
    expect(await warnOfExpiringToken(clock)).toEqual([]);
  });
});
