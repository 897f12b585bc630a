import { RACE_ALERT_INTERVAL_MS, decideRaceAlerts } from "~/domain/race-alerts";
import { splitPool } from "~/domain/race-prizes";
import type { Standing } from "~/domain/race-standings";
import { yieldToEventLoop } from "~/server/event-loop.server";
import { db } from "~/services/db.server";
import { preferenceIsOn } from "~/services/email/outbox.server";
import {
  addNotifications,
  announceNotifications,
} from "~/services/notifications/notifications.server";
import { computeStandings } from "./race-standings.server";
import { findCurrentRace } from "./race-store.server";

/** The current race's standings as the pages showed them before a sync (raceStandingsBeforeSync). */
export interface RaceStandingsBefore {
  raceId: number;
  standings: Standing[];
}

/** Linked users with wagerRaceUpdates on: the players race alerts are for. */
function raceAlertListeners() {
  return (
    db
      .selectFrom("users")
      .leftJoin("notification_preferences as p", "p.user_id", "users.id")
      .select(["users.id", "users.goated_id"])
      .where("users.disabled_at", "is", null)
      .where(preferenceIsOn("wagerRaceUpdates"), "=", 1)
      // Linked users are few: all of them, matched to the alerts here.
      .where("users.goated_id", "is not", null)
      .execute()
  );
}

/**
 * Taken before a sync stores, for sendRaceAlerts: the current race's standings as the pages show
 * them (computeStandings keeps one ranking per sync, so this is the one the last sync's alerts or
 * the pages already computed, not a new one). Null without a current race or a listener: a
 * ranking of the whole race holds the event loop (about 0.6 s at 100,000 players on SQLite).
 */
export async function raceStandingsBeforeSync(now: Date): Promise<RaceStandingsBefore | null> {
  const race = await findCurrentRace(now);
  if (!race || (await raceAlertListeners()).length === 0) return null;
  return { raceId: race.id, standings: await computeStandings(race, now) };
}

/**
 * Personal race alerts after a sync (issue 33 item 3): the current race's standings as the pages
 * show them, now and as they were before the sync (`before`, kept rather than ranked again),
 * decide each listening player's alert (app/domain/race-alerts.ts). Linked users with
 * wagerRaceUpdates on hear theirs in-app and by push (addNotifications), at most once per race per
 * RACE_ALERT_INTERVAL_MS: race_alert_sends holds when each last heard one, claimed by a guarded
 * upsert, so two processes or a restart never send more. Returns how many were sent.
 */
export async function sendRaceAlerts(
  before: RaceStandingsBefore | null,
  now: Date = new Date(),
): Promise<number> {
  if (!before) return 0;
  const race = await findCurrentRace(now);
  // A race that started or ended meanwhile has no earlier standing to compare with.
  if (!race || race.id !== before.raceId) return 0;
  const latest = await db
    .selectFrom("wager_snapshots")
    .select((eb) => eb.fn.max("taken_at").as("taken_at"))
    .where("taken_at", "<=", now.toISOString())
    .executeTakeFirst();
  // Before the race's first sync there is no earlier standing to compare with.
  if (!latest?.taken_at || latest.taken_at <= race.startDate) return 0;
  const users = await raceAlertListeners();
  if (users.length === 0) return 0;
  // The ranking the pages (and the wager flags after this) share for this sync.
  const current = await computeStandings(race, now);
  // Ranking the race and deciding every listener's alert are each a long step on the server's thread.
  await yieldToEventLoop();
  const alerts = decideRaceAlerts({
    raceTitle: race.title,
    previous: before.standings,
    current,
    players: new Set(users.flatMap((user) => (user.goated_id ? [user.goated_id] : []))),
    prizesCents: splitPool(race.prizePoolCents, race.distribution),
    endsInMs: Date.parse(race.endDate) - now.getTime(),
  });
  if (alerts.length === 0) return 0;

  const alertOf = new Map(alerts.map((alert) => [alert.uid, alert]));
  const stamp = now.toISOString();
  const quietUntil = new Date(now.getTime() - RACE_ALERT_INTERVAL_MS).toISOString();
  const created = await db.transaction().execute(async (trx) => {
    const told = [];
    for (const user of users) {
      const alert = user.goated_id ? alertOf.get(user.goated_id) : undefined;
      if (!alert) continue;
      // Claimed only when the user heard nothing of this race in the last interval.
      const claimed = await trx
        .insertInto("race_alert_sends")
        .values({ user_id: user.id, race_id: race.id, sent_at: stamp })
        .onConflict((oc) =>
          oc
            .columns(["user_id", "race_id"])
            .doUpdateSet({ sent_at: stamp })
            .where("race_alert_sends.sent_at", "<=", quietUntil),
        )
        .returning("user_id")
        .executeTakeFirst();
      if (claimed) {
        told.push({
          userId: user.id,
          kind: "race_alert" as const,
          title: alert.title,
          message: alert.message,
        });
      }
    }
    return addNotifications(trx, told, now);
  });
  await announceNotifications(created);
  return created.length;
}
