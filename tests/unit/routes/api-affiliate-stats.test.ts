import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { parseReferralPayload } from "~/provider/payload.server";
import { loader } from "~/routes/api.affiliate.stats";
import { db } from "~/services/db.server";
import { storeReferrals } from "~/services/players/player-store.server";
import { finishSyncRun, startSyncRun } from "~/services/operations/sync-runs.server";
import type { AffiliateStats } from "~/services/players/affiliate-stats.server";
import { loadFixture } from "../../fake-provider/server";

const now = new Date("2026-05-04T10:00:00.000Z");

async function get(query: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/api/affiliate/stats${query}`, { headers });
  return (await loader({
    request,
    params: {},
    context: { cspNonce: "", clientIp: "127.0.0.1" },
  })) as Response;
}

beforeAll(async () => {
  await migrateToLatest(db);
  const parsed = parseReferralPayload(loadFixture());
  if (!parsed.ok) throw new Error(parsed.error);
  const run = await startSyncRun("provider", now);
  const { changed } = await storeReferrals(parsed.referrals, { now, isDemo: false });
  await finishSyncRun(run, { outcome: "success", players: 45, skipped: 2, changed }, now);
});

describe("GET /api/affiliate/stats", () => {
  it("answers the structured shape, each period sorted by its own total, zeros left out", async () => {
    const response = await get("");
    expect(response.status).toBe(200);
    const body = (await response.json()) as AffiliateStats;
    expect(body.status).toBe("success");
    expect(body.metadata).toEqual({ totalUsers: 45, lastUpdated: now.toISOString() });
    const keys = {
      today: "today",
      weekly: "this_week",
      monthly: "this_month",
      all_time: "all_time",
    } as const;
    for (const [period, key] of Object.entries(keys) as [
      keyof typeof keys,
      (typeof keys)[keyof typeof keys],
    ][]) {
      const totals = body.data[period].data.map((entry) => entry.wagered[key]);
      expect(totals.length).toBeGreaterThan(0);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
      expect(totals.every((t) => t > 0)).toBe(true);
    }
    expect(body.data.today.data[0]).toEqual({
      uid: "fp-live",
      name: "LiveLeader",
      wagered: {
        // The provider's floats, rounded to cents.
        today: 90000.12,
        this_week: 150000.5,
        this_month: 400000.25,
        all_time: 2500000.99,
      },
      lastUpdate: now.toISOString(),
    });
  });

  it("pages each period with page and limit", async () => {
    const all = (await (await get("")).json()) as AffiliateStats;
    const second = (await (await get("?page=2&limit=5")).json()) as AffiliateStats;
    for (const period of ["today", "weekly", "monthly", "all_time"] as const) {
      expect(second.data[period].data).toEqual(all.data[period].data.slice(5, 10));
    }
    const onlyLimit = (await (await get("?limit=3")).json()) as AffiliateStats;
    expect(onlyLimit.data.today.data).toEqual(all.data.today.data.slice(0, 3));
    const past = (await (await get("?page=99&limit=100")).json()) as AffiliateStats;
    expect(past.data.today.data).toEqual([]);
  });

  it.each([
    ["?limit=101", "limit must be a whole number from 1 to 100"],
    ["?limit=0", "limit must be a whole number from 1 to 100"],
    ["?page=0", "page must be a whole number of at least 1"],
    ["?page=abc", "page must be a whole number of at least 1"],
    ["?page=1.5", "page must be a whole number of at least 1"],
  ])("refuses %s with 400", async (query, message) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: "error", message });
  });

  it("answers gzip to clients that take it, and plain JSON to the others", async () => {
    const plain = await get("?page=1&limit=5");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(plain.headers.get("Vary")).toBe("Accept-Encoding");
    const expected = await plain.text();

    const zipped = await get("?page=1&limit=5", { "Accept-Encoding": "br, gzip;q=0.8" });
    expect(zipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString("utf8")).toBe(expected);

    const refused = await get("?page=1&limit=5", { "Accept-Encoding": "gzip;q=0, identity" });
    expect(refused.headers.get("Content-Encoding")).toBeNull();
  });

  it("sends an ETag and a short Cache-Control, and 304 when the ETag matches", async () => {
    const first = await get("?page=1&limit=100");
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^W\/"sync-\d+\.\d+"$/);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=30");
    const again = await get("?page=1&limit=100", { "If-None-Match": etag ?? "" });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    // A sync that changes data moves the ETag on.
    const later = new Date(now.getTime() + 60_000);
    const run = await startSyncRun("provider", later);
    await storeReferrals(
      [
        {
          uid: "fp-live",
          name: "LiveLeader",
          wagered: { today: 1, this_week: 1, this_month: 1, all_time: 1 },
        },
      ],
      { now: later, isDemo: false },
    );
    await finishSyncRun(run, { outcome: "success", players: 1, skipped: 0, changed: 1 }, later);
    const changed = await get("?page=1&limit=100", { "If-None-Match": etag ?? "" });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);

    // So does one that changed nothing: the body's lastUpdated did change.
    const quiet = new Date(later.getTime() + 60_000);
    const quietRun = await startSyncRun("provider", quiet);
    await finishSyncRun(
      quietRun,
      { outcome: "success", players: 1, skipped: 0, changed: 0 },
      quiet,
    );
    const afterQuiet = await get("?page=1&limit=100", {
      "If-None-Match": changed.headers.get("ETag") ?? "",
    });
    expect(afterQuiet.status).toBe(200);
    expect(((await afterQuiet.json()) as AffiliateStats).metadata.lastUpdated).toBe(
      quiet.toISOString(),
    );
  });
});
