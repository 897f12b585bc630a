// The sync with the provider settings saved in the admin area (issue 29): the saved affiliate
// code, a token or none, the provider's refusal recorded with its HTTP status, and the admins told
// once (in the app and by e-mail) when it refuses or when the token is about to expire.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { runSync } from "~/jobs/sync.server";
import type { SyncOptions } from "~/jobs/sync.server";
import { startSyncWorker } from "~/jobs/sync-thread.server";
import { db } from "~/services/db.server";
import { insertProviderToken, insertUser } from "../../factories";
import { FAKE_TOKEN, startFakeProvider } from "../../fake-provider/server";
import type { FakeProvider } from "../../fake-provider/server";
import { providerJwt } from "../../provider-jwt";

const CODE = "2RW440E";
let provider: FakeProvider;
let clock: Date;
let adminId = 0;

/** No environment settings: the admin-saved ones are in force. */
function options(overrides: Partial<SyncOptions["config"]> = {}): SyncOptions {
  return {
    config: { GOATED_API_BASE_URL: provider.url, ...overrides },
    now: () => clock,
    timeoutMs: 1000,
  };
}

const runs = () =>
  db
    .selectFrom("sync_runs")
    .select(["source", "outcome", "http_status", "error", "provider_token_id"])
    .orderBy("id")
    .execute();
const notices = (kind: string) =>
  db.selectFrom("notifications").select(["user_id", "title"]).where("kind", "=", kind).execute();
const emails = (kind: string) =>
  db
    .selectFrom("email_outbox")
    .select(["to_address", "subject"])
    .where("kind", "=", kind)
    .execute();

beforeAll(async () => {
  await migrateToLatest(db);
  provider = await startFakeProvider({ affiliateUid: CODE });
  await startSyncWorker();
  // The sync worker thread loads its TypeScript through tsx: seconds on a loaded machine.
}, 60_000);
afterAll(() => provider.close());

beforeEach(async () => {
  provider.reset();
  clock = new Date("2026-05-04T10:00:00.000Z");
  for (const table of ["email_outbox", "notifications", "players", "sync_runs"] as const) {
    await db.deleteFrom(table).execute();
  }
  await db.deleteFrom("provider_tokens").execute();
  await db.deleteFrom("users").execute();
  adminId = await insertUser(db, {
    username: "opsAdmin",
    is_admin: 1,
    email: "ops@example.com",
    email_verified_at: clock.toISOString(),
  });
  await insertUser(db, { username: "justAPlayer", email: "p@example.com" });
});

const SYNC_TEST_TIMEOUT = { timeout: 30_000 };

describe("the admin-saved provider settings", SYNC_TEST_TIMEOUT, () => {
  it("calls the endpoint with the saved affiliate code and token, and records which settings", async () => {
    const id = await insertProviderToken(db, FAKE_TOKEN, { affiliate_uid: CODE });
    expect(await runSync(options())).toMatchObject({ outcome: "success", source: "provider" });
    expect(provider.lastAuthorization).toBe(`Bearer ${FAKE_TOKEN}`);
    expect(await runs()).toEqual([
      {
        source: "provider",
        outcome: "success",
        http_status: null,
        error: null,
        provider_token_id: id,
      },
    ]);
  });

  it("the environment's token and code win over the saved ones", async () => {
    await insertProviderToken(db, "saved-but-not-used", { affiliate_uid: "OTHER" });
    const env = { GOATED_API_TOKEN: FAKE_TOKEN, GOATED_AFFILIATE_UID: CODE };
    expect(await runSync(options(env))).toMatchObject({ outcome: "success" });
    expect(await runs()).toMatchObject([{ outcome: "success", provider_token_id: null }]);
  });

  it("a code saved without a token calls the provider without an Authorization header", async () => {
    await insertProviderToken(db, "", { affiliate_uid: CODE });
    provider.setMode("open");
    expect(await runSync(options())).toMatchObject({ outcome: "success", players: 45 });
    expect(provider.lastAuthorization).toBeNull();
  });

  it("records the provider's refusal (status and message) and tells the admins once per refusal", async () => {
    const id = await insertProviderToken(db, FAKE_TOKEN, { affiliate_uid: CODE });
    provider.setMode("refuse-403");
    expect(await runSync(options())).toMatchObject({ outcome: "failed", source: "provider" });
    expect(await runs()).toEqual([
      {
        source: "provider",
        outcome: "failed",
        http_status: 403,
        error: "HTTP error! status: 403 (Token expired or revoked)",
        provider_token_id: id,
      },
    ]);
    const told = [{ user_id: adminId, title: "Provider refused the sync" }];
    expect(await notices("sync_refused")).toEqual(told);
    expect(await emails("sync_refused")).toEqual([
      { to_address: "ops@example.com", subject: "Provider refused the sync" },
    ]);

    // The next syncs, every few seconds, refuse again: no new notice.
    for (let i = 0; i < 3; i += 1) {
      clock = new Date(clock.getTime() + 2000);
      await runSync(options());
    }
    expect(await notices("sync_refused")).toHaveLength(1);
    expect(await emails("sync_refused")).toHaveLength(1);

    // A success, then a refusal again: a new event, told again.
    provider.setMode("ok");
    await runSync(options());
    provider.setMode("refuse-401");
    await runSync(options());
    expect(await notices("sync_refused")).toHaveLength(2);
    // A failure that is no refusal tells nobody.
    provider.setMode("server-error");
    await runSync(options());
    expect(await notices("sync_refused")).toHaveLength(2);
  });

  it("tells the admins once, in the app and by e-mail, when the token expires within 6 hours", async () => {
    const issuedAt = new Date(clock.getTime() - 4 * 3_600_000);
    const fresh = await providerJwt({
      issuedAt,
      expiresAt: new Date(issuedAt.getTime() + 86_400_000),
    });
    await insertProviderToken(db, fresh, { affiliate_uid: CODE });
    // A 24-hour token with 20 hours left is not "expiring".
    await runSync(options());
    expect(await notices("token_expiring")).toEqual([]);

    const ending = await providerJwt({
      issuedAt,
      expiresAt: new Date(clock.getTime() + 5 * 3_600_000),
    });
    await insertProviderToken(db, ending, { affiliate_uid: CODE });
    await runSync(options());
    await runSync(options());
    expect(await notices("token_expiring")).toEqual([
      { user_id: adminId, title: "API token expiring soon" },
    ]);
    expect(await emails("token_expiring")).toEqual([
      { to_address: "ops@example.com", subject: "API token expiring soon" },
    ]);
  });
});
