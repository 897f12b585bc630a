// The linked users' ranks a sync reads before and after it stores (rank-ups): looked up by the
// players' uid, never by a scan of every player (issue 30: 0.2 s of the server's thread at
// 100,000 players, twice per sync, on SQLite).
import { beforeAll, describe, expect, it, vi } from "vitest";
import { migrateToLatest, sqliteConnection } from "~db";
import { insertPlayer, insertUser } from "../../factories";
import { POSTGRES_PASS } from "../../postgres/template-database";
import { db } from "~/services/db.server";
import { linkedUserRanks } from "~/services/players/rank-ups.server";
import { linkedAllTime } from "~/services/players/player-queries.server";
import { RANKS } from "~/domain/rank";

beforeAll(async () => {
  await migrateToLatest(db);
});

describe("linkedUserRanks", () => {
  it("gives each linked user the rank of their player, and no one else one", async () => {
    await insertPlayer(db, { uid: "ranked-high", all_time: 2_000_000 });
    await insertPlayer(db, { uid: "ranked-low", all_time: 10 });
    await insertPlayer(db, { uid: "not-linked", all_time: 500 });
    const high = await insertUser(db, { goated_id: "ranked-high" });
    const low = await insertUser(db, { goated_id: "ranked-low" });
    await insertUser(db, { goated_id: "no-such-player" });
    await insertUser(db);

    const ranks = await linkedUserRanks();
    expect([...ranks.keys()].sort()).toEqual([high, low].sort());
    expect(ranks.get(high)).toBeGreaterThan(ranks.get(low)!);
    expect(ranks.get(low)).toBeGreaterThanOrEqual(0);
    expect(ranks.get(high)).toBeLessThan(RANKS.length);
  });

  it("finds every linked player past one query's slice, inside the caller's transaction", async () => {
    const users = Array.from({ length: 2_345 }, (_, i) => ({
      userId: 100_000 + i,
      goatedId: `sliced-${i}`,
    }));
    const allTime = await db.transaction().execute(async (trx) => {
      for (const { goatedId } of users.filter((_, i) => i % 2 === 0)) {
        await insertPlayer(trx, { uid: goatedId, all_time: Number(goatedId.slice(7)) + 1 });
      }
      return linkedAllTime(users, trx);
    });
    expect(allTime.size).toBe(1_173);
    expect(allTime.get(100_000 + 2_344)).toBe(2_345);
    expect(allTime.has(100_001)).toBe(false);
  });

  it.skipIf(POSTGRES_PASS)(
    "reads no table of players from end to end (SQLite's plans)",
    async () => {
      const sqlite = sqliteConnection(db);
      const statements = Object.getPrototypeOf(sqlite.prepare("SELECT 1")) as {
        all: (...parameters: unknown[]) => unknown[];
      };
      const runs = vi.spyOn(statements, "all");
      let ran: { source: string; parameters: unknown[] }[];
      try {
        await linkedUserRanks();
        ran = runs.mock.contexts.map((statement, i) => ({
          source: (statement as unknown as { source: string }).source,
          parameters: runs.mock.calls[i] ?? [],
        }));
      } finally {
        runs.mockRestore();
      }
      expect(ran.length).toBeGreaterThan(0);
      for (const { source, parameters } of ran) {
        const plan = sqlite.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...parameters) as {
          detail: string;
        }[];
        expect(plan.map((step) => step.detail)).not.toContainEqual(
          expect.stringMatching(/^SCAN (main\.)?players\b/),
        );
      }
    },
  );
});
