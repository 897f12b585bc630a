import { describe, expect, it } from "vitest";
import { judgeReadiness } from "~/domain/readiness";

const now = new Date("2026-11-23T12:00:00Z");
const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe("judgeReadiness", () => {
  it("is ready when migrated and the last good sync is within three intervals", () => {
    expect(
      judgeReadiness({
        pendingMigrations: [],
        lastSuccessfulSyncAt: secondsAgo(900),
        syncIntervalSeconds: 300,
        now,
      }),
    ).toEqual({ ready: true, lastSuccessfulSyncAgeSeconds: 900 });
  });

  it("is not ready past three intervals, before any good sync, or with migrations pending", () => {
    const base = { pendingMigrations: [], syncIntervalSeconds: 300, now };
    expect(judgeReadiness({ ...base, lastSuccessfulSyncAt: secondsAgo(901) })).toEqual({
      ready: false,
      reason: "The last successful sync finished 901 s ago, more than three sync intervals (900 s)",
    });
    expect(judgeReadiness({ ...base, lastSuccessfulSyncAt: null })).toEqual({
      ready: false,
      reason: "No sync has succeeded yet",
    });
    expect(
      judgeReadiness({
        ...base,
        pendingMigrations: ["0018_a", "0019_b"],
        lastSuccessfulSyncAt: secondsAgo(1),
      }),
    ).toEqual({ ready: false, reason: "Migrations not applied: 0018_a, 0019_b" });
  });
});
