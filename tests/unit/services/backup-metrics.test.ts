// /metrics's backup age (docs/operations.md "Watching it"): no sample at all until a backup
// has succeeded, so an alert on the age (or on its absence) never reads "fresh" for none.
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { metricsText } from "~/server/metrics.server";
import { db } from "~/services/db.server";
import { exposeDatabaseMetrics } from "~/services/operations/operations-metrics.server";

const AGE_SAMPLE = /^goatedvips_last_successful_backup_age_seconds (\S+)$/m;

beforeAll(async () => {
  await migrateToLatest(db);
  exposeDatabaseMetrics();
});

async function recordRun(outcome: "success" | "failure", finishedAt: Date) {
  await db
    .insertInto("backup_runs")
    .values({
      started_at: finishedAt.toISOString(),
      finished_at: finishedAt.toISOString(),
      duration_ms: 10,
      outcome,
      file_name: outcome === "success" ? "goatedvips-test.sqlite.gz" : null,
      size_bytes: outcome === "success" ? 1 : null,
      error: outcome === "failure" ? "disk full" : null,
    })
    .execute();
}

describe("goatedvips_last_successful_backup_age_seconds", () => {
  it("has no sample until a backup succeeded, failed runs included", async () => {
    const none = (await metricsText()).body;
    expect(none).toContain("# TYPE goatedvips_last_successful_backup_age_seconds gauge");
    expect(none).not.toMatch(AGE_SAMPLE);

    await recordRun("failure", new Date());
    expect((await metricsText()).body).not.toMatch(AGE_SAMPLE);

    await recordRun("success", new Date(Date.now() - 7_200_000));
    const age = Number(AGE_SAMPLE.exec((await metricsText()).body)?.[1]);
    expect(age).toBeGreaterThanOrEqual(7_200);
    expect(age).toBeLessThan(7_300);
  });
});
