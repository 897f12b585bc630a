import { createHash } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertPlayer, insertUser, uniqueName } from "../../factories";
import { giveawayInputSchema } from "~/domain/giveaways";
import { db } from "~/services/db.server";
import {
  createGiveaway,
  drawGiveaway,
  enterGiveaway,
  findGiveawayProof,
} from "~/services/promotions/giveaways.server";

// Giveaways (issue 34): the committed seed, entries, tickets from the wager snapshots of the
// window, the draw once (also when two run at once), the winners told, and the proof's replay.

const T0 = new Date("2026-11-20T12:00:00.000Z");
const CLOSE = "2026-11-21T12:00:00.000Z";
const MINUTE = 60_000;
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);
const AFTER_CLOSE = new Date(Date.parse(CLOSE) + 5 * MINUTE);
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

let admin = { userId: 0, username: "" };

beforeAll(async () => {
  await migrateToLatest(db);
  const username = uniqueName("giver");
  admin = { userId: await insertUser(db, { username, is_admin: 1 }), username };
});

beforeEach(async () => {
  for (const table of [
    "notifications",
    "email_outbox",
    "audit_log",
    "giveaway_entries",
    "giveaways",
    "wager_snapshots",
    "players",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
});

const create = (fields: Record<string, unknown> = {}) =>
  createGiveaway(
    giveawayInputSchema.parse({
      title: "Winter Drop",
      prize: "$500 in crypto",
      entriesCloseAt: CLOSE,
      winners: 2,
      ...fields,
    }),
    admin,
    T0,
  );

const member = (fields: Parameters<typeof insertUser>[1] = {}) =>
  insertUser(db, { username: uniqueName("entrant"), ...fields });

describe("creating a giveaway", () => {
  it("stores a secret seed and publishes its SHA-256, audited without the seed", async () => {
    const giveaway = await create();
    const row = await db
      .selectFrom("giveaways")
      .select(["server_seed", "seed_hash"])
      .where("id", "=", giveaway.id)
      .executeTakeFirstOrThrow();
    expect(row.server_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(giveaway.seedHash).toBe(sha256(row.server_seed));
    expect(giveaway).toMatchObject({ status: "open", entrants: 0, clientSeed: null });
    const audit = await db.selectFrom("audit_log").selectAll().execute();
    expect(audit).toMatchObject([{ kind: "giveaway.created", subject: `giveaway:${giveaway.id}` }]);
    expect(audit[0]?.after_json).not.toContain(row.server_seed);
  });

  it("uses a new seed for each giveaway", async () => {
    const [first, second] = [await create(), await create()];
    expect(first.seedHash).not.toBe(second.seedHash);
  });
});

describe("entering", () => {
  it("enters a member once, and no more after entries close", async () => {
    const { id } = await create();
    const userId = await member();
    expect(await enterGiveaway(id, userId, at(10))).toEqual({ entered: true });
    expect(await enterGiveaway(id, userId, at(11))).toEqual({ refused: "alreadyEntered" });
    expect(await enterGiveaway(id, await member(), new Date(CLOSE))).toEqual({ refused: "closed" });
    expect(await enterGiveaway(id + 1000, userId, at(10))).toEqual({ refused: "notFound" });
  });

  it("needs a linked Goated account when the rules count wagers", async () => {
    const { id } = await create({ minWager: 100 });
    expect(await enterGiveaway(id, await member(), at(10))).toEqual({ refused: "needsLink" });
    const linked = await member({ goated_id: "uid-linked" });
    expect(await enterGiveaway(id, linked, at(10))).toEqual({ entered: true });
  });
});

describe("the draw", () => {
  it("is refused before entries close, and with nobody to draw (nothing written)", async () => {
    const { id } = await create();
    expect(await drawGiveaway(id, admin, at(60))).toMatchObject({ refused: "notClosed" });
    expect(await drawGiveaway(id, admin, AFTER_CLOSE)).toMatchObject({ refused: "noEntrants" });
    const row = await db
      .selectFrom("giveaways")
      .select(["drawn_at", "client_seed"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ drawn_at: null, client_seed: null });
    expect(await db.selectFrom("audit_log").select("kind").execute()).toEqual([
      { kind: "giveaway.created" },
    ]);
  });

  it("draws once: winners stored, told, audited with the revealed seed; a second draw is refused", async () => {
    const { id, seedHash } = await create();
    const entrants = [await member(), await member(), await member()];
    for (const userId of entrants) await enterGiveaway(id, userId, at(5));
    const outcome = await drawGiveaway(id, admin, AFTER_CLOSE);
    if (!("drawn" in outcome)) throw new Error(`refused: ${outcome.refused}`);
    const { winners, serverSeed, clientSeed } = outcome.drawn;
    expect(sha256(serverSeed)).toBe(seedHash);
    expect(clientSeed).toBe(
      sha256(JSON.stringify(entrants.map((userId) => ({ userId, tickets: 1 })))),
    );
    expect(winners.map((winner) => winner.place)).toEqual([1, 2]);
    expect(new Set(winners.map((winner) => winner.userId)).size).toBe(2);

    const told = await db.selectFrom("notifications").select(["user_id", "kind"]).execute();
    expect(told.map((row) => row.user_id).sort()).toEqual(
      winners.map((winner) => winner.userId).sort(),
    );
    expect(told.every((row) => row.kind === "giveaway_win")).toBe(true);
    const drawn = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("kind", "=", "giveaway.drawn")
      .execute();
    expect(drawn).toHaveLength(1);
    expect(JSON.parse(drawn[0]?.after_json ?? "{}")).toMatchObject({ serverSeed, clientSeed });

    expect(await drawGiveaway(id, admin, AFTER_CLOSE)).toMatchObject({ refused: "alreadyDrawn" });
    expect(await db.selectFrom("notifications").select("id").execute()).toHaveLength(2);
  });

  it("happens once when two draws run at the same time", async () => {
    const { id } = await create({ winners: 1 });
    for (let n = 0; n < 4; n += 1) await enterGiveaway(id, await member(), at(5));
    const outcomes = await Promise.all([
      drawGiveaway(id, admin, AFTER_CLOSE),
      drawGiveaway(id, admin, AFTER_CLOSE),
    ]);
    expect(outcomes.filter((outcome) => "drawn" in outcome)).toHaveLength(1);
    expect(outcomes.filter((outcome) => "refused" in outcome)).toMatchObject([
      { refused: "alreadyDrawn" },
    ]);
    expect(await db.selectFrom("notifications").select("id").execute()).toHaveLength(1);
    expect(
      await db.selectFrom("audit_log").select("id").where("kind", "=", "giveaway.drawn").execute(),
    ).toHaveLength(1);
  });

  it("counts tickets from the wager snapshots of the window, leaving out who is not eligible", async () => {
    const before = "2026-11-19T00:00:00.000Z";
    const inside = "2026-11-21T00:00:00.000Z";
    const after = "2026-11-22T00:00:00.000Z";
    // Wagered $250 in the window (the $10,000 before it and the $5,000 after it do not count).
    await insertPlayer(db, {
      uid: "uid-big",
      snapshots: [
        [before, 10_000],
        [inside, 10_250],
        [after, 15_250],
      ],
    });
    // Wagered $60 in the window: under the $100 minimum.
    await insertPlayer(db, {
      uid: "uid-small",
      snapshots: [
        [before, 500],
        [inside, 560],
      ],
    });
    // First seen in the window: counts from 0.
    await insertPlayer(db, { uid: "uid-new", snapshots: [[inside, 130]] });
    const { id } = await create({ minWager: 100, dollarsPerTicket: 50, winners: 5 });
    const big = await member({ goated_id: "uid-big" });
    const small = await member({ goated_id: "uid-small" });
    const fresh = await member({ goated_id: "uid-new" });
    for (const userId of [big, small, fresh]) await enterGiveaway(id, userId, at(5));

    const outcome = await drawGiveaway(id, admin, new Date(after));
    expect(outcome).toHaveProperty("drawn");
    const proof = await findGiveawayProof(id, new Date(after));
    expect(proof?.entrants).toEqual(
      [
        { userId: big, tickets: 5 },
        { userId: fresh, tickets: 2 },
      ].sort((a, b) => a.userId - b.userId),
    );
    expect([...(proof?.winners ?? [])].sort()).toEqual([big, fresh].sort());
  });
});

describe("the proof", () => {
  it("keeps the seed secret before the draw and replays the draw after it", async () => {
    const { id } = await create();
    for (let n = 0; n < 3; n += 1) await enterGiveaway(id, await member(), at(5));
    expect(await findGiveawayProof(id, at(10))).toMatchObject({
      serverSeed: null,
      entrants: [],
      winners: [],
      check: null,
    });
    await drawGiveaway(id, admin, AFTER_CLOSE);
    const proof = await findGiveawayProof(id, AFTER_CLOSE);
    expect(proof?.check).toMatchObject({
      seedHashMatches: true,
      clientSeedMatches: true,
      winnersMatch: true,
    });
  });

  it("sees a winner changed after the draw", async () => {
    const { id } = await create({ winners: 1 });
    const entrants = [await member(), await member()];
    for (const userId of entrants) await enterGiveaway(id, userId, at(5));
    await drawGiveaway(id, admin, AFTER_CLOSE);
    const [winner] = (await findGiveawayProof(id, AFTER_CLOSE))?.winners ?? [];
    const loser = entrants.find((userId) => userId !== winner) ?? 0;
    for (const [userId, place] of [
      [winner ?? 0, null],
      [loser, 1],
    ] as const) {
      await db
        .updateTable("giveaway_entries")
        .set({ winner_place: place })
        .where("giveaway_id", "=", id)
        .where("user_id", "=", userId)
        .execute();
    }
    const proof = await findGiveawayProof(id, AFTER_CLOSE);
    expect(proof?.check?.winnersMatch).toBe(false);
  });
});
