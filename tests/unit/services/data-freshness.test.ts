import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { loader as rootLoader } from "~/root";
import { db } from "~/services/db.server";
import { finishSyncRun, startSyncRun } from "~/services/operations/sync-runs.server";

// The root loader reads the data's age once for every page: stale before any good sync and
// while the newest sync run failed (the provider is down), fresh after a good one.

beforeAll(async () => {
  await migrateToLatest(db);
});

async function freshness() {
  const result = (await rootLoader({
    request: new Request("http://localhost/"),
    params: {},
    context: { cspNonce: "", clientIp: "127.0.0.1" },
  })) as unknown as { data: { freshness: unknown; demoData: boolean } };
  return result.data;
}

async function recordRun(outcome: "success" | "failed", at: string) {
  const run = await startSyncRun("provider", new Date(at));
  await finishSyncRun(
    run,
    outcome === "success"
      ? { outcome, players: 1, skipped: 0, changed: 1 }
      : { outcome, error: "Provider answered 500" },
    new Date(at),
  );
}

describe("the data's freshness in the root loader", () => {
  it("is stale with no good sync yet", async () => {
    expect(await freshness()).toMatchObject({
      demoData: false,
      freshness: { lastUpdated: null, stale: true },
    });
  });

  it("is fresh after a good sync, and stale with its age once the newest run failed", async () => {
    await recordRun("success", "2026-11-21T11:57:00.000Z");
    expect(await freshness()).toMatchObject({
      freshness: { lastUpdated: "2026-11-21T11:57:00.000Z", stale: false },
    });
    await recordRun("failed", "2026-11-21T11:59:00.000Z");
    expect(await freshness()).toMatchObject({
      freshness: { lastUpdated: "2026-11-21T11:57:00.000Z", stale: true },
    });
    await recordRun("success", "2026-11-21T12:01:00.000Z");
    expect(await freshness()).toMatchObject({
      freshness: { lastUpdated: "2026-11-21T12:01:00.000Z", stale: false },
    });
  });
});
