import { formatCents } from "./money";
import { lastPaidPosition, standingGaps } from "./race-standings";
import type { Standing } from "./race-standings";

/**
 * Personal race alerts (issue 33 item 3): what to tell a linked player after a sync, from their
 * race's standings before it and after it (the standings the race pages show). One alert a player
 * at most, the most important first: entering the paid places, dropping out of them, being
 * overtaken, and near the end how much more takes the next place.
 */

export type RaceAlertKind = "entered_paid" | "dropped_out" | "overtaken" | "gap_to_next";

export interface RaceAlert {
  uid: string;
  kind: RaceAlertKind;
  title: string;
  message: string;
}

/** "$X to the next place" is said only in a race's last this long. */
export const RACE_ALERT_NEAR_END_MS = 2 * 60 * 60_000;

/** A player hears at most one alert per race in this long. */
export const RACE_ALERT_INTERVAL_MS = 30 * 60_000;

export interface RaceAlertInput {
  raceTitle: string;
  previous: readonly Standing[];
  current: readonly Standing[];
  /** The players to decide for (the linked members who listen), out of the whole race. */
  players: ReadonlySet<string>;
  /** The race's prizes by position (splitPool). */
  prizesCents: number[];
  /** Until the race ends, from the sync's instant. */
  endsInMs: number;
}

export function decideRaceAlerts(input: RaceAlertInput): RaceAlert[] {
  const { raceTitle, previous, current, players, prizesCents, endsInMs } = input;
  // Only the listeners' places are looked up: a race can have 100,000 players.
  const before = new Map(previous.filter((s) => players.has(s.uid)).map((s) => [s.uid, s]));
  const lastPaid = lastPaidPosition(prizesCents);
  const paid = (position: number | undefined) => position !== undefined && position <= lastPaid;
  const nearEnd = endsInMs > 0 && endsInMs <= RACE_ALERT_NEAR_END_MS;
  const alerts: RaceAlert[] = [];
  for (const now of current) {
    if (!players.has(now.uid)) continue;
    const was = before.get(now.uid);
    const gaps = standingGaps(current, now, prizesCents);
    const place = `#${now.position} in ${raceTitle}`;
    const alert = (kind: RaceAlertKind, title: string, message: string) =>
      alerts.push({ uid: now.uid, kind, title, message });
    if (paid(now.position) && !paid(was?.position)) {
      alert(
        "entered_paid",
        "You are in the prizes",
        `You are ${place}, a paid place. Keep wagering to hold it.`,
      );
    } else if (paid(was?.position) && !paid(now.position)) {
      alert(
        "dropped_out",
        "You dropped out of the prizes",
        `You are ${place}.${gaps.gapToPaidCents === null ? "" : ` ${formatCents(gaps.gapToPaidCents)} more puts you back in the paid places.`}`,
      );
    } else if (was && now.position > was.position) {
      alert(
        "overtaken",
        "You were overtaken",
        `You went from #${was.position} to ${place}.${gaps.gapToNextCents === null ? "" : ` ${formatCents(gaps.gapToNextCents)} more takes #${now.position - 1} back.`}`,
      );
    } else if (nearEnd && gaps.gapToNextCents !== null) {
      // Only when something moved around the player: an unchanged gap was already told.
      const gapBefore = was ? standingGaps(previous, was, prizesCents).gapToNextCents : null;
      if (gapBefore !== gaps.gapToNextCents) {
        alert(
          "gap_to_next",
          `${formatCents(gaps.gapToNextCents)} to the next place`,
          `${raceTitle} ends soon: ${formatCents(gaps.gapToNextCents)} more puts you at #${now.position - 1}.`,
        );
      }
    }
  }
  return alerts;
}
