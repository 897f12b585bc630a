import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { db } from "~/services/db.server";
import { runRaceJobs } from "~/jobs/race-completion.server";
import { findCurrentRace } from "~/services/races/race-store.server";
import { finishSyncRun, startSyncRun } from "~/services/operations/sync-runs.server";

// A first start: a freshly migrated database, the job's first pass at the moment this process
// began watching, and the provider down (no sync yet, or only failed ones).
const now = new Date("2026-11-21T12:00:00.000Z");

beforeAll(async () => {
  await migrateToLatest(db);
});

beforeEach(async () => {
  await db.deleteFrom("races").execute();
  await db.deleteFrom("sync_runs").execute();
});

describe("the race job on a first start with the provider down", () => {
  it("creates the live monthly race when no sync has run yet", async () => {
    await expect(runRaceJobs(now, { watchingSince: now })).resolves.toEqual([]);
    expect(await findCurrentRace(now)).toMatchObject({
      type: "monthly",
      status: "live",
      startDate: "2026-11-01T00:00:00.000Z",
      endDate: "2026-12-01T00:00:00.000Z",
    });
  });

  it("creates the live monthly race when the only sync runs failed", async () => {
    const run = await startSyncRun("provider", now);
    await finishSyncRun(run, { outcome: "failed", error: "HTTP 500" }, now);
    await expect(runRaceJobs(now, { watchingSince: now })).resolves.toEqual([]);
    expect(await findCurrentRace(now)).toMatchObject({ type: "monthly", status: "live" });
  });
});
