import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Migrator } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~db";
import { migrations } from "~db/migrations";

const db = openDatabase(
  path.join(mkdtempSync(path.join(tmpdir(), "goatedvips-ledger-")), "db.sqlite"),
);

afterAll(async () => {
  await db.destroy();
});

describe("migration 0026: the payout ledger", () => {
  it("marks results frozen before it untracked, and later ones start unpaid", async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0025_published_sync_generation")).error).toBeUndefined();
    const at = "2026-10-01T00:00:00.000Z";
    const race = { title: "October", start_date: at, end_date: at, created_at: at, updated_at: at };
    const { id } = await db
      .insertInto("races")
      .values({
        ...race,
        type: "monthly",
        status: "completed",
        prize_pool_cents: 100,
        min_wager: 1,
        prize_distribution: "{}",
        completed_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const result = { race_id: id, uid: "u", name: "U", wager: 10, prize_cents: 100 };
    await db
      .insertInto("race_results")
      .values({ ...result, position: 1 })
      .execute();

    await migrateToLatest(db);
    await db
      .insertInto("race_results")
      .values({ ...result, position: 2 })
      .execute();

    const rows = await db
      .selectFrom("race_results")
      .select(["position", "payout_status"])
      .orderBy("position")
      .execute();
    expect(rows).toEqual([
      { position: 1, payout_status: "untracked" },
      { position: 2, payout_status: "unpaid" },
    ]);
  });
});
