import { afterAll, beforeAll, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { runSync, wagerFlagsSettled } from "~/jobs/sync.server";
import { startSyncWorker } from "~/jobs/sync-thread.server";
import { db } from "~/services/db.server";
import { listWagerFlags } from "~/services/players/wager-flags.server";
import { FAKE_AFFILIATE_UID, FAKE_TOKEN, startFakeProvider } from "../../fake-provider/server";
import type { FakeProvider } from "../../fake-provider/server";
import { insertPlayer } from "../../factories";

let provider: FakeProvider;

beforeAll(async () => {
  await migrateToLatest(db);
  provider = await startFakeProvider();
  await startSyncWorker();
});
afterAll(() => provider.close());

it(
  "runs the wager flag rules after a sync, on what it stored, once per sync",
  { timeout: 60_000 },
  async () => {
    const clock = new Date("2026-05-04T10:00:00.000Z");
    // The provider's LiveLeader stood higher at the sync before: their total went down.
    await insertPlayer(db, {
      uid: "fp-live",
      name: "LiveLeader",
      snapshots: [["2026-05-04T09:00:00.000Z", 3_000_000]],
      updated_at: "2026-05-04T09:00:00.000Z",
      wager_changed_at: "2026-05-04T09:00:00.000Z",
    });
    const options = {
      config: {
        GOATED_API_BASE_URL: provider.url,
        GOATED_AFFILIATE_UID: FAKE_AFFILIATE_UID,
        GOATED_API_TOKEN: FAKE_TOKEN,
      },
      now: () => clock,
      timeoutMs: 20_000,
    };
    expect(await runSync(options)).toMatchObject({ outcome: "success" });
    await wagerFlagsSettled();
    const { flags } = await listWagerFlags();
    expect(flags.map((flag) => [flag.kind, flag.playerUid, flag.evidenceWindow])).toEqual([
      ["totals_decrease", "fp-live", "2026-05-04T09:00:00.000Z/2026-05-04T10:00:00.000Z"],
    ]);
    expect(flags[0]!.evidence).toMatchObject({ before: 3_000_000, after: 2500000.987654321 });

    // The same payload again: nothing changed, nothing new is flagged.
    clock.setTime(Date.parse("2026-05-04T10:05:00.000Z"));
    await runSync(options);
    await wagerFlagsSettled();
    expect((await listWagerFlags()).flags).toHaveLength(1);
  },
);
