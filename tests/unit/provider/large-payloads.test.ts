import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { fetchReferrals, tooLargeMessage } from "~/provider/client.server";
import { MAX_NAME_LENGTH } from "~/provider/payload.server";
import { runSync } from "~/jobs/sync.server";
import type { SyncOptions } from "~/jobs/sync.server";
import { db } from "~/services/db.server";
import { FAKE_AFFILIATE_UID, FAKE_TOKEN, startFakeProvider } from "../../fake-provider/server";
import type { FakeProvider } from "../../fake-provider/server";

let provider: FakeProvider;
const clock = new Date("2026-05-04T10:00:00.000Z");
const options = (): SyncOptions => ({
  config: {
    GOATED_API_BASE_URL: provider.url,
    GOATED_AFFILIATE_UID: FAKE_AFFILIATE_UID,
    GOATED_API_TOKEN: FAKE_TOKEN,
  },
  now: () => clock,
  timeoutMs: 20_000,
});
const endpoint = () => ({
  baseUrl: provider.url,
  affiliateUid: FAKE_AFFILIATE_UID,
  token: FAKE_TOKEN,
});

const entries = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    uid: `u${String(i).padStart(6, "0")}`,
    name: `Name ${i} "quoted" \\ back`,
    wagered: { today: i % 3, this_week: 1.5 * i, this_month: 2 * i, all_time: 3 * i + 0.25 },
  }));

/** The longest wait between two runs of a 1 ms timer while `work` runs, and its duration. */
async function longestTimerGap(work: () => Promise<unknown>) {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const at = performance.now();
    longest = Math.max(longest, at - last);
    last = at;
  }, 1);
  const started = performance.now();
  last = started;
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  const duration = performance.now() - started;
  longest = Math.max(longest, performance.now() - last);
  return { longest, duration };
}

beforeAll(async () => {
  await migrateToLatest(db);
  provider = await startFakeProvider();
});
afterAll(() => provider.close());
beforeEach(async () => {
  provider.reset();
  await db.deleteFrom("players").execute();
  await db.deleteFrom("sync_runs").execute();
});

// Tens of thousands of rows on a shared, loaded machine: timings are compared, never bounded.
describe("a large provider payload", { timeout: 60_000 }, () => {
  it("is fetched, parsed and stored by a sync while timers run (on the sync worker thread)", async () => {
    provider.setPayload({ success: true, data: entries(20_000) });
    await fetch(`${provider.url}/user2/affiliate/referral-leaderboard/${FAKE_AFFILIATE_UID}`, {
      headers: { Authorization: `Bearer ${FAKE_TOKEN}` },
    }).then((r) => r.arrayBuffer()); // the fake provider serialises on its first request
    const { longest, duration } = await longestTimerGap(async () => {
      expect(await runSync(options())).toMatchObject({ outcome: "success", players: 20_000 });
    });
    // A store on this thread would hold the loop for the whole duration.
    expect(longest).toBeLessThan(duration / 3);
    expect(
      await db
        .selectFrom("players")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst(),
    ).toEqual({ n: 20_000 });
  });

  it("larger than the cap fails the sync with a clear message and stores nothing", async () => {
    provider.setPayload({ success: true, data: entries(20_000) });
    const result = await fetchReferrals(endpoint(), { maxPayloadBytes: 1024 * 1024 });
    expect(result).toEqual({ ok: false, error: tooLargeMessage(1024 * 1024) });
    expect(result.ok || result.error).toBe("Provider response larger than 1 MB");
  });

  it("is counted while it streams when no length is declared", async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.write('{"success": true, "data": [');
      const chunk = `"${"x".repeat(64 * 1024)}",`;
      let sent = 0;
      const more = () => {
        while (sent < 64 && response.write(chunk)) sent += 1;
        if (sent < 64) response.once("drain", more);
        else response.end("1]}");
      };
      more();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await fetchReferrals(
        { baseUrl: `http://127.0.0.1:${port}`, affiliateUid: "a", token: "t" },
        { maxPayloadBytes: 1024 * 1024 },
      );
      expect(result).toEqual({ ok: false, error: tooLargeMessage(1024 * 1024) });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("cuts a 5 MB name to a sane length and skips an unbounded uid", async () => {
    const huge = "N".repeat(5 * 1024 * 1024);
    provider.setPayload({
      success: true,
      data: [
        { uid: "big", name: huge, wagered: { today: 1, all_time: 1 } },
        { uid: "emoji", name: `${"😀".repeat(MAX_NAME_LENGTH - 1)}é😀😀`, wagered: { today: 2 } },
        { uid: "u".repeat(5000), name: "Long uid", wagered: { today: 3 } },
      ],
    });
    expect(await runSync(options())).toMatchObject({ outcome: "success", players: 2, skipped: 1 });
    const players = await db.selectFrom("players").select(["uid", "name"]).orderBy("uid").execute();
    expect(players).toEqual([
      { uid: "big", name: "N".repeat(MAX_NAME_LENGTH) },
      // Cut by characters: no half of a surrogate pair is left at the end.
      { uid: "emoji", name: `${"😀".repeat(MAX_NAME_LENGTH - 1)}é` },
    ]);
  });
});
