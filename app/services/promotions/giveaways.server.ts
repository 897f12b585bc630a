import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import type { Database } from "~db/schema";
import { auditSubject } from "~/domain/audit";
import { drawWinners, sha256Hex } from "~/domain/giveaway-draw";
import type { Draw, Entrant } from "~/domain/giveaway-draw";
import { giveawayStatus, needsLinkedPlayer, ticketsFor } from "~/domain/giveaways";
import type { DrawRefusal, EntryRefusal, GiveawayInput, GiveawayView } from "~/domain/giveaways";
import { recordAudit } from "~/services/admin/audit.server";
import type { AuditActor } from "~/services/admin/audit.server";
import { db } from "~/services/db.server";
import {
  addNotifications,
  announceNotifications,
} from "~/services/notifications/notifications.server";
import { computeStandings } from "~/services/races/race-standings.server";
import type { Executor } from "~/services/db.server";

/**
 * Giveaways (issue 34, docs/decisions/0079): creation with a committed server seed, entries, the
 * draw (once: a second one is refused), and the proof that replays it from the stored rows.
 */

type GiveawayRow = Selectable<Database["giveaways"]>;

function toView(row: GiveawayRow, entrants: number, now: Date): GiveawayView {
  const drawnAt = row.drawn_at;
  return {
    id: row.id,
    title: row.title,
    prize: row.prize,
    createdAt: row.created_at,
    entriesCloseAt: row.entries_close_at,
    winners: row.winners,
    minWager: row.min_wager,
    dollarsPerTicket: row.dollars_per_ticket,
    seedHash: row.seed_hash,
    clientSeed: row.client_seed,
    drawnAt,
    status: giveawayStatus({ entriesCloseAt: row.entries_close_at, drawnAt }, now),
    entrants,
  };
}

/** Every giveaway, the latest to close first, with its number of entrants. */
export async function listGiveaways(now: Date = new Date()): Promise<GiveawayView[]> {
  const rows = await db
    .selectFrom("giveaways")
    .selectAll("giveaways")
    .select((eb) =>
      eb
        .selectFrom("giveaway_entries")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("giveaway_entries.giveaway_id", "=", "giveaways.id")
        .as("entrant_count"),
    )
    .orderBy("entries_close_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => toView(row, Number(row.entrant_count ?? 0), now));
}

export async function findGiveaway(
  id: number,
  now: Date = new Date(),
  executor: Executor = db,
): Promise<GiveawayView | null> {
  const row = await executor
    .selectFrom("giveaways")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const { n } = await executor
    .selectFrom("giveaway_entries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("giveaway_id", "=", id)
    .executeTakeFirstOrThrow();
  return toView(row, Number(n), now);
}

/** Creates a giveaway with a fresh secret server seed, publishing only its SHA-256; audited. */
export async function createGiveaway(
  input: GiveawayInput,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<GiveawayView> {
  const serverSeed = randomBytes(32).toString("hex");
  const seedHash = await sha256Hex(serverSeed);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("giveaways")
      .values({
        title: input.title,
        prize: input.prize,
        entries_close_at: input.entriesCloseAt,
        winners: input.winners,
        min_wager: input.minWager,
        dollars_per_ticket: input.dollarsPerTicket,
        server_seed: serverSeed,
        seed_hash: seedHash,
        created_at: now.toISOString(),
        created_by: actor.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const giveaway = toView(row, 0, now);
    await recordAudit(
      trx,
      {
        actor,
        kind: "giveaway.created",
        subject: auditSubject("giveaway", giveaway.id),
        before: null,
        after: giveaway,
      },
      now,
    );
    return giveaway;
  });
}

export type EntryOutcome = { entered: true } | { refused: EntryRefusal };

/** Enters a member into an open giveaway, once; a wager rule needs their linked Goated account. */
export async function enterGiveaway(
  giveawayId: number,
  userId: number,
  now: Date = new Date(),
): Promise<EntryOutcome> {
  const giveaway = await findGiveaway(giveawayId, now);
  if (!giveaway) return { refused: "notFound" };
  if (giveaway.status !== "open") return { refused: "closed" };
  if (needsLinkedPlayer(giveaway)) {
    const user = await db
      .selectFrom("users")
      .select("goated_id")
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user?.goated_id) return { refused: "needsLink" };
  }
  const inserted = await db
    .insertInto("giveaway_entries")
    .values({ giveaway_id: giveawayId, user_id: userId, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["giveaway_id", "user_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted ? { entered: true } : { refused: "alreadyEntered" };
}

export async function hasEntered(giveawayId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("giveaway_entries")
    .select("id")
    .where("giveaway_id", "=", giveawayId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface GiveawayWinner {
  userId: number;
  username: string;
  place: number;
  tickets: number;
}

/** A drawn giveaway's winners, first place first. */
export async function listWinners(
  giveawayId: number,
  executor: Executor = db,
): Promise<GiveawayWinner[]> {
  const rows = await executor
    .selectFrom("giveaway_entries")
    .innerJoin("users", "users.id", "giveaway_entries.user_id")
    .select([
      "giveaway_entries.user_id as userId",
      "users.username as username",
      "giveaway_entries.winner_place as place",
      "giveaway_entries.tickets as tickets",
    ])
    .where("giveaway_entries.giveaway_id", "=", giveawayId)
    .where("giveaway_entries.winner_place", "is not", null)
    .orderBy("giveaway_entries.winner_place")
    .execute();
  return rows.map((row) => ({ ...row, place: row.place ?? 0, tickets: row.tickets ?? 0 }));
}

export type DrawOutcome =
  | { drawn: { winners: GiveawayWinner[]; serverSeed: string; clientSeed: string } }
  | { refused: DrawRefusal };

/** Thrown inside the draw's transaction to undo its claim when no entrant holds a ticket. */
class NoEligibleEntrants extends Error {}

/**
 * Each entrant's tickets from their wager between the giveaway's creation and the close of
 * entries (the sync's wager snapshots, as a race's standings are computed).
 */
async function entrantsWithTickets(trx: Executor, giveaway: GiveawayView) {
  const rows = await trx
    .selectFrom("giveaway_entries")
    .innerJoin("users", "users.id", "giveaway_entries.user_id")
    .select(["giveaway_entries.user_id as userId", "users.goated_id as goatedId"])
    .where("giveaway_entries.giveaway_id", "=", giveaway.id)
    .execute();
  const wagers = needsLinkedPlayer(giveaway)
    ? new Map(
        (
          await computeStandings(
            { startDate: giveaway.createdAt, endDate: giveaway.entriesCloseAt, minWager: 0 },
            new Date(giveaway.entriesCloseAt),
            trx,
          )
        ).map((standing) => [standing.uid, standing.wager]),
      )
    : new Map<string, number>();
  return rows.map((row) => ({
    userId: row.userId,
    tickets: ticketsFor(giveaway, row.goatedId === null ? null : (wagers.get(row.goatedId) ?? 0)),
  }));
}

/**
 * Draws a closed giveaway once: the entrant list closes (each entry's tickets are stored), the
 * winners are drawn and told (inbox and e-mail), and the draw is audited with the revealed seed.
 * A second draw is refused (also when two run at once: the first claim wins the row).
 */
export async function drawGiveaway(
  giveawayId: number,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<DrawOutcome> {
  const giveaway = await findGiveaway(giveawayId, now);
  if (!giveaway) return { refused: "notFound" };
  if (giveaway.status === "drawn") return { refused: "alreadyDrawn" };
  if (giveaway.status === "open") return { refused: "notClosed" };
  let outcome;
  try {
    outcome = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("giveaways")
        .set({ drawn_at: now.toISOString(), drawn_by: actor.userId })
        .where("id", "=", giveawayId)
        .where("drawn_at", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return null;
      const { server_seed: serverSeed } = await trx
        .selectFrom("giveaways")
        .select("server_seed")
        .where("id", "=", giveawayId)
        .executeTakeFirstOrThrow();
      const entrants = await entrantsWithTickets(trx, giveaway);
      if (!entrants.some((entrant) => entrant.tickets > 0)) throw new NoEligibleEntrants();
      const draw = await drawWinners(serverSeed, entrants, giveaway.winners);
      await storeDraw(trx, giveawayId, entrants, draw);
      const winners = await listWinners(giveawayId, trx);
      await recordAudit(
        trx,
        {
          actor,
          kind: "giveaway.drawn",
          subject: auditSubject("giveaway", giveawayId),
          before: { drawnAt: null },
          after: {
            drawnAt: now.toISOString(),
            serverSeed,
            clientSeed: draw.clientSeed,
            winners: draw.winners,
          },
        },
        now,
      );
      const notifications = await addNotifications(
        trx,
        winners.map((winner) => ({
          userId: winner.userId,
          kind: "giveaway_win" as const,
          title: `You won ${giveaway.title}`,
          message: `You won ${giveaway.prize} in the giveaway ${giveaway.title}. See the draw and its proof at /giveaways/${giveawayId}.`,
        })),
        now,
      );
      return { winners, serverSeed, clientSeed: draw.clientSeed, notifications };
    });
  } catch (error) {
    if (error instanceof NoEligibleEntrants) return { refused: "noEntrants" };
    throw error;
  }
  if (!outcome) return { refused: "alreadyDrawn" };
  await announceNotifications(outcome.notifications);
  const { winners, serverSeed, clientSeed } = outcome;
  return { drawn: { winners, serverSeed, clientSeed } };
}

async function storeDraw(trx: Executor, giveawayId: number, entrants: Entrant[], draw: Draw) {
  await trx
    .updateTable("giveaways")
    .set({ client_seed: draw.clientSeed })
    .where("id", "=", giveawayId)
    .execute();
  for (const entrant of entrants) {
    const place = draw.winners.indexOf(entrant.userId) + 1;
    await trx
      .updateTable("giveaway_entries")
      .set({ tickets: entrant.tickets, winner_place: place > 0 ? place : null })
      .where("giveaway_id", "=", giveawayId)
      .where("user_id", "=", entrant.userId)
      .execute();
  }
}

export interface GiveawayProof {
  giveaway: GiveawayView;
  /** Revealed once drawn; null before. */
  serverSeed: string | null;
  /** The closed entrant list as stored by the draw (entrants with tickets), in canonical order. */
  entrants: Entrant[];
  /** The stored winners' userIds, first place first. */
  winners: number[];
  /** The server's replay from the published data: null before the draw. */
  check: {
    seedHash: string;
    draw: Draw;
    seedHashMatches: boolean;
    clientSeedMatches: boolean;
    winnersMatch: boolean;
  } | null;
}

/** A giveaway's published data and, once drawn, the server's replay of every step of its draw. */
export async function findGiveawayProof(
  id: number,
  now: Date = new Date(),
): Promise<GiveawayProof | null> {
  const giveaway = await findGiveaway(id, now);
  if (!giveaway) return null;
  if (giveaway.status !== "drawn") {
    return { giveaway, serverSeed: null, entrants: [], winners: [], check: null };
  }
  const { server_seed: serverSeed } = await db
    .selectFrom("giveaways")
    .select("server_seed")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("giveaway_entries")
    .select(["user_id as userId", "tickets", "winner_place as place"])
    .where("giveaway_id", "=", id)
    .where("tickets", ">", 0)
    .orderBy("user_id")
    .execute();
  const entrants = rows.map((row) => ({ userId: row.userId, tickets: row.tickets ?? 0 }));
  const winners = rows
    .filter((row) => row.place !== null)
    .sort((a, b) => (a.place ?? 0) - (b.place ?? 0))
    .map((row) => row.userId);
  const seedHash = await sha256Hex(serverSeed);
  const draw = await drawWinners(serverSeed, entrants, giveaway.winners);
  return {
    giveaway,
    serverSeed,
    entrants,
    winners,
    check: {
      seedHash,
      draw,
      seedHashMatches: seedHash === giveaway.seedHash,
      clientSeedMatches: draw.clientSeed === giveaway.clientSeed,
      winnersMatch: JSON.stringify(draw.winners) === JSON.stringify(winners),
    },
  };
}
