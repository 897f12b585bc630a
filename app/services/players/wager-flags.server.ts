import { sql } from "kysely";
import type { Transaction } from "kysely";
import type { Database } from "~db/schema";
import { auditSubject } from "~/domain/audit";
import { pageWindow } from "~/domain/paging";
import type { PageWindow } from "~/domain/paging";
import { yieldToEventLoop } from "~/server/event-loop.server";
import {
  flagHoldReason,
  FLAG_THRESHOLDS,
  newPlayerInPaidPlace,
  sharedAddressFlags,
  spikeDayStarts,
  totalsDecrease,
  wagerSpike,
} from "~/domain/wager-flags";
import type {
  FlagCandidate,
  WagerFlagDecision,
  WagerFlagEvidence,
  WagerFlagKind,
  WagerFlagStatus,
} from "~/domain/wager-flags";
import type { AuditActor } from "~/services/admin/audit.server";
import { recordAudit } from "~/services/admin/audit.server";
import { db } from "~/services/db.server";
import { raceParticipants } from "~/services/races/race-standings.server";
import { toRaceView } from "~/services/races/race-store.server";
import type { Executor } from "~/services/db.server";
import { totalsAt } from "./wager-charts.server";

/** The wager anomaly flags' queries: the post-sync evaluation, the admin list and decisions. */

/** Flags written per statement: bounded parameters. */
const BATCH = 500;

/**
 * Changed players read per page: three index lookups each, a few milliseconds a page on SQLite
 * (which answers on the server's thread), with other work between pages.
 */
const PAGE = 250;

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

interface ChangedPlayer {
  id: number;
  uid: string;
  all_time: number;
  before_total: number | null;
  before_at: string | null;
  day_start_total: number | null;
}

/**
 * The players whose all-time totals the sync stored at `syncAt` changed (its snapshots), a page at
 * a time, each with their total before that sync and at the start of today (the latest snapshot
 * at or before each: index lookups). SQLite answers on the server's thread: the pages keep each
 * statement short, and other work runs between them.
 */
async function* changedPlayerPages(syncAt: string, todayStart: string) {
  const first = await db
    .selectFrom("wager_snapshots")
    .select((eb) => eb.fn.min("id").as("id"))
    .where("taken_at", "=", syncAt)
    .executeTakeFirst();
  // The sync appends its snapshots with ascending ids: the pages start at its first one.
  let after = first?.id === null || first?.id === undefined ? null : Number(first.id) - 1;
  while (after !== null) {
    const previous = (column: "all_time" | "taken_at") =>
      sql`(select p.${sql.ref(column)} from wager_snapshots p where p.uid = s.uid
           and p.taken_at < ${syncAt} order by p.taken_at desc limit 1)`;
    const { rows } = await sql<ChangedPlayer>`
      select s.id as id, s.uid as uid, s.all_time as all_time,
        ${previous("all_time")} as before_total,
        ${previous("taken_at")} as before_at,
        (select p.all_time from wager_snapshots p where p.uid = s.uid and p.taken_at <= ${todayStart}
         order by p.taken_at desc limit 1) as day_start_total
      from wager_snapshots s where s.id > ${after} and s.taken_at = ${syncAt}
      order by s.id limit ${PAGE}`.execute(db);
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      ...row,
      all_time: Number(row.all_time),
      before_total: row.before_total === null ? null : Number(row.before_total),
      day_start_total: row.day_start_total === null ? null : Number(row.day_start_total),
    }));
    after = rows.length < PAGE ? null : Number(rows.at(-1)!.id);
    await yieldToEventLoop();
  }
}

/** The spike and decrease rules over the players the sync at `syncAt` changed. */
async function wagerFlags(syncAt: string, now: Date): Promise<FlagCandidate[]> {
  const dayStarts = spikeDayStarts(now);
  const found: FlagCandidate[] = [];
  for await (const changed of changedPlayerPages(syncAt, dayStarts.at(-1)!)) {
    for (const player of changed) {
      const before =
        player.before_total === null || player.before_at === null
          ? null
          : { total: player.before_total, at: player.before_at };
      const decrease = totalsDecrease(player.uid, before, { total: player.all_time, at: syncAt });
      if (decrease) found.push(decrease);
    }
    // Only a day already above the floor can be a spike: the history is read for those alone.
    const spikeCandidates = changed.filter(
      (p) =>
        p.day_start_total !== null &&
        p.all_time - p.day_start_total >= FLAG_THRESHOLDS.spikeFloorDollars,
    );
    if (spikeCandidates.length === 0) continue;
    const totals = await totalsAt(
      spikeCandidates.map((p) => p.uid),
      dayStarts,
    );
    for (const player of spikeCandidates) {
      const spike = wagerSpike(player.uid, now, totals.get(player.uid) ?? [], player.all_time);
      if (spike) found.push(spike);
    }
  }
  return found;
}

/** The new-player rule over the paid places of every running race. */
async function newPlayerFlags(now: Date): Promise<FlagCandidate[]> {
  const at = now.toISOString();
  const races = await db
    .selectFrom("races")
    .selectAll()
    .where("status", "=", "live")
    .where("start_date", "<=", at)
    .where("end_date", ">", at)
    .execute();
  if (races.length === 0) return [];
  const since = await db
    .selectFrom("wager_snapshots")
    .select((eb) => eb.fn.min("taken_at").as("value"))
    .executeTakeFirst();
  const found: FlagCandidate[] = [];
  for (const race of races.map(toRaceView)) {
    const paid = (await raceParticipants(race, now)).filter((place) => place.prizeCents > 0);
    if (paid.length === 0) continue;
    const firstSeen = await db
      .selectFrom("wager_snapshots")
      .select(["uid", (eb) => eb.fn.min("taken_at").as("first")])
      .where(
        "uid",
        "in",
        paid.map((place) => place.uid),
      )
      .groupBy("uid")
      .execute();
    const firstSeenOf = new Map(firstSeen.map((row) => [row.uid, row.first]));
    for (const place of paid) {
      const flag = newPlayerInPaidPlace(
        place,
        race,
        firstSeenOf.get(place.uid) ?? null,
        since?.value ?? null,
        now,
      );
      if (flag) found.push(flag);
    }
  }
  return found;
}

/** The shared-address rule over every stored session of a linked account. */
async function sharedAddressFlagsNow(): Promise<FlagCandidate[]> {
  const rows = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "users.id as userId",
      "users.username as username",
      "users.goated_id as playerUid",
      "sessions.ip as address",
    ])
    .where("users.goated_id", "is not", null)
    .distinct()
    .execute();
  return sharedAddressFlags(
    rows.flatMap((row) => (row.playerUid ? [{ ...row, playerUid: row.playerUid }] : [])),
  );
}

/**
 * Runs every rule after the sync that stored its totals at `syncAt` and stores what they flag;
 * a flag already stored (same kind, player and window) is left as it is. Returns how many are new.
 */
export async function evaluateWagerFlags(syncAt: string, now: Date = new Date()): Promise<number> {
  const found = [
    ...(await wagerFlags(syncAt, now)),
    ...(await newPlayerFlags(now)),
    ...(await sharedAddressFlagsNow()),
  ];
  let added = 0;
  for (const batch of batches(found)) {
    const result = await db
      .insertInto("wager_flags")
      .values(
        batch.map((flag) => ({
          kind: flag.kind,
          player_uid: flag.playerUid,
          evidence_window: flag.window,
          evidence_json: JSON.stringify(flag.evidence),
          created_at: now.toISOString(),
        })),
      )
      .onConflict((oc) => oc.columns(["kind", "player_uid", "evidence_window"]).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return added;
}

export interface WagerFlagView {
  id: number;
  kind: WagerFlagKind;
  playerUid: string;
  /** The player's name as last synced; null once the player is gone. */
  playerName: string | null;
  evidenceWindow: string;
  evidence: WagerFlagEvidence;
  status: WagerFlagStatus;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
}

function flagsQuery(executor: Executor = db) {
  return executor
    .selectFrom("wager_flags")
    .leftJoin("players", "players.uid", "wager_flags.player_uid")
    .select([
      "wager_flags.id as id",
      "wager_flags.kind as kind",
      "wager_flags.player_uid as playerUid",
      "players.name as playerName",
      "wager_flags.evidence_window as evidenceWindow",
      "wager_flags.evidence_json as evidenceJson",
      "wager_flags.status as status",
      "wager_flags.created_at as createdAt",
      "wager_flags.decided_at as decidedAt",
      "wager_flags.decided_by_username as decidedBy",
    ])
    .orderBy("wager_flags.created_at", "desc")
    .orderBy("wager_flags.id", "desc");
}

/** One page of the flags (25 a page), newest first: those of `status`, or all. */
export async function listWagerFlags(
  status?: WagerFlagStatus,
  requestedPage: string | null = null,
): Promise<{ flags: WagerFlagView[]; window: PageWindow; total: number }> {
  const { n } = await db
    .selectFrom("wager_flags")
    .$if(status !== undefined, (query) => query.where("status", "=", status!))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(n);
  const window = pageWindow(requestedPage, total);
  const rows = await flagsQuery()
    .$if(status !== undefined, (query) => query.where("wager_flags.status", "=", status!))
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  const flags = rows.map(({ evidenceJson, ...row }) => ({
    ...row,
    evidence: JSON.parse(evidenceJson) as WagerFlagEvidence,
  }));
  return { flags, window, total };
}

export async function openFlagCount(): Promise<number> {
  const row = await db
    .selectFrom("wager_flags")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("status", "=", "open")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Holds the player's unpaid payouts for the confirmed flags `flagIds`: the payouts held. */
async function holdPayoutsOf(
  trx: Transaction<Database>,
  playerUid: string,
  flagIds: readonly number[],
  raceId?: number,
): Promise<Array<{ raceId: number; place: number }>> {
  const unpaid = await trx
    .selectFrom("race_results")
    .select(["race_id as raceId", "position as place"])
    .where("uid", "=", playerUid)
    .where("payout_status", "=", "unpaid")
    .where("prize_cents", ">", 0)
    .$if(raceId !== undefined, (query) => query.where("race_id", "=", raceId!))
    .execute();
  if (unpaid.length === 0) return [];
  await trx
    .updateTable("race_results")
    .set({ payout_status: "held", payout_reason: flagHoldReason(flagIds) })
    .where("uid", "=", playerUid)
    .where("payout_status", "=", "unpaid")
    .where("prize_cents", ">", 0)
    .$if(raceId !== undefined, (query) => query.where("race_id", "=", raceId!))
    .execute();
  return unpaid;
}

/**
 * A race's results just frozen (in the completion's transaction): the payouts of players with a
 * confirmed flag are held from the start, with the flags as the reason.
 */
export async function holdFlaggedPayouts(
  trx: Transaction<Database>,
  raceId: number,
): Promise<void> {
  const confirmed = await trx
    .selectFrom("wager_flags")
    .innerJoin("race_results", "race_results.uid", "wager_flags.player_uid")
    .select(["wager_flags.id as id", "wager_flags.player_uid as uid"])
    .where("race_results.race_id", "=", raceId)
    .where("wager_flags.status", "=", "confirmed")
    .execute();
  const flagsOf = new Map<string, number[]>();
  for (const { id, uid } of confirmed) flagsOf.set(uid, [...(flagsOf.get(uid) ?? []), id]);
  for (const [uid, ids] of flagsOf) await holdPayoutsOf(trx, uid, ids, raceId);
}

export type FlagDecisionResult =
  | { decided: WagerFlagView; heldPayouts: Array<{ raceId: number; place: number }> }
  | { missing: true }
  | { decidedAlready: WagerFlagStatus };

/**
 * An admin dismisses or confirms an open flag (audited). Confirming holds the player's unpaid
 * payouts in the ledger, the flag named as the reason; later payouts are held as their race completes.
 */
export async function decideWagerFlag(
  id: number,
  decision: WagerFlagDecision,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<FlagDecisionResult> {
  return db.transaction().execute(async (trx) => {
    const flag = await trx
      .selectFrom("wager_flags")
      .select(["id", "kind", "player_uid", "status"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!flag) return { missing: true as const };
    if (flag.status !== "open") return { decidedAlready: flag.status };
    // Guarded by the status: of two admins deciding at once, the second changes nothing.
    const updated = await trx
      .updateTable("wager_flags")
      .set({
        status: decision,
        decided_at: now.toISOString(),
        decided_by: actor.userId,
        decided_by_username: actor.username,
      })
      .where("id", "=", id)
      .where("status", "=", "open")
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) {
      const current = await trx
        .selectFrom("wager_flags")
        .select("status")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      return { decidedAlready: current.status };
    }
    let heldPayouts: Array<{ raceId: number; place: number }> = [];
    if (decision === "confirmed") {
      const confirmed = await trx
        .selectFrom("wager_flags")
        .select("id")
        .where("player_uid", "=", flag.player_uid)
        .where("status", "=", "confirmed")
        .execute();
      heldPayouts = await holdPayoutsOf(
        trx,
        flag.player_uid,
        confirmed.map((row) => row.id),
      );
    }
    await recordAudit(
      trx,
      {
        actor,
        kind: decision === "confirmed" ? "wager_flag.confirmed" : "wager_flag.dismissed",
        subject: auditSubject("wager_flag", id),
        before: { kind: flag.kind, playerUid: flag.player_uid, status: "open" },
        after: { kind: flag.kind, playerUid: flag.player_uid, status: decision, heldPayouts },
      },
      now,
    );
    const { evidenceJson, ...view } = await flagsQuery(trx)
      .where("wager_flags.id", "=", id)
      .executeTakeFirstOrThrow();
    return {
      decided: { ...view, evidence: JSON.parse(evidenceJson) as WagerFlagEvidence },
      heldPayouts,
    };
  });
}
