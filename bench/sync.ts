// The sync of 100,000 referrals (DESIGN.md: < 2 s), for bench/run.ts: on the database the process's
// environment names (DATABASE_PATH, or DATABASE_URL for bench/postgres.ts's column), in this
// process, on the sync worker thread.
import { FAKE_AFFILIATE_UID, FAKE_TOKEN, startFakeProvider } from "../tests/fake-provider/server";
import type { ServerBenchDeps } from "./blocking";
import { advancedPayload, referralPayload } from "./payload";

/** `engine` starts each measure's text ("PostgreSQL: "); empty for the SQLite rows. */
export async function benchSync(
  { record, ms }: Pick<ServerBenchDeps, "record" | "ms">,
  engine = "",
) {
  const { migrateToLatest } = await import("../db");
  const { db } = await import("../app/services/db.server");
  const { runSync, wagerFlagsSettled } = await import("../app/jobs/sync.server");
  const { startSyncWorker } = await import("../app/jobs/sync-thread.server");
  await migrateToLatest(db);
  // Started before the clock, as once per process: under tsx (this process) its TypeScript is
  // compiled first, which the server's build (build/sync-worker.js) does not do.
  await startSyncWorker();
  const provider = await startFakeProvider();
  const payload = referralPayload(100_000);
  const config = {
    GOATED_API_BASE_URL: provider.url,
    GOATED_AFFILIATE_UID: FAKE_AFFILIATE_UID,
    GOATED_API_TOKEN: FAKE_TOKEN,
  };
  try {
    provider.setPayload(payload);
    await primeFakeProvider(provider.url);
    let started = performance.now();
    const first = await runSync({ config });
    const firstMs = performance.now() - started;
    if (first.outcome !== "success") throw new Error(`sync failed: ${first.error}`);
    record(
      `${engine}sync of 100,000 referrals, first (all new)`,
      "< 2 s",
      ms(firstMs),
      firstMs < 2000,
    );

    provider.setPayload(advancedPayload(payload, 0.1));
    await primeFakeProvider(provider.url);
    // The first sync's wager flag rules run after it, outside its time (docs/decisions/0080); a
    // server's syncs are minutes apart, so they are done before the next one starts: here too,
    // or the second figure would count their share of the two cores.
    await wagerFlagsSettled();
    started = performance.now();
    const second = await runSync({ config });
    const secondMs = performance.now() - started;
    if (second.outcome !== "success") throw new Error(`sync failed: ${second.error}`);
    record(
      `${engine}sync of 100,000 referrals, ${second.changed.toLocaleString("en-US")} changed`,
      "< 2 s",
      ms(secondMs),
      secondMs < 2000,
    );
  } finally {
    await provider.close();
    // The last sync's wager flag rules read the database: done before it closes, as at shutdown.
    await wagerFlagsSettled();
    await db.destroy();
  }
}

/** The fake provider serialises a new payload on its first request: not part of our timing. */
export async function primeFakeProvider(providerUrl: string) {
  const response = await fetch(
    `${providerUrl}/user2/affiliate/referral-leaderboard/${FAKE_AFFILIATE_UID}`,
    { headers: { Authorization: `Bearer ${FAKE_TOKEN}` } },
  );
  await response.arrayBuffer();
}
