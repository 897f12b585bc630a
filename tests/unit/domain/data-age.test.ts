import { describe, expect, it } from "vitest";
import { describeAge, isDataStale } from "~/domain/data-age";

describe("describeAge", () => {
  const now = "2026-05-04T12:00:00.000Z";
  it.each([
    ["2026-05-04T11:59:30.000Z", "just now"],
    ["2026-05-04T12:00:05.000Z", "just now"],
    ["2026-05-04T11:59:00.000Z", "1 minute ago"],
    ["2026-05-04T11:35:00.000Z", "25 minutes ago"],
    ["2026-05-04T11:00:00.000Z", "1 hour ago"],
    ["2026-05-03T10:00:00.000Z", "26 hours ago"],
    ["2026-04-30T12:00:00.000Z", "4 days ago"],
  ])("%s is %s", (then, words) => {
    expect(describeAge(then, now)).toBe(words);
  });
});

describe("isDataStale", () => {
  it("is stale before any good sync and while the newest run failed", () => {
    expect(isDataStale({ lastGoodSyncAt: null, newestRunFailed: false })).toBe(true);
    expect(isDataStale({ lastGoodSyncAt: "2026-05-04T11:00:00.000Z", newestRunFailed: true })).toBe(
      true,
    );
    expect(
      isDataStale({ lastGoodSyncAt: "2026-05-04T11:00:00.000Z", newestRunFailed: false }),
    ).toBe(false);
  });
});
