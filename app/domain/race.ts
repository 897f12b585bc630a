import type { NotificationView } from "./notifications";
import type { PrizeDistribution } from "./race-prizes";
import type { Standing, StandingGaps } from "./race-standings";

/**
 * The shapes of a wager race as the services hand them to routes and components. Money in a pool
 * or prize is integer cents; a wager or minimum wager is dollars, like the provider's.
 */

export const RACE_TYPES = ["weekly", "monthly", "weekend"] as const;
export type RaceType = (typeof RACE_TYPES)[number];

export const RACE_STATUSES = ["upcoming", "live", "completed"] as const;
export type RaceStatus = (typeof RACE_STATUSES)[number];

/** What a race's type is called on its pages and cards. */
export const RACE_TYPE_LABELS: Record<string, string> = {
  monthly: "Monthly Race",
  weekly: "Weekly Race",
  weekend: "Weekend Race",
};

export interface RaceView {
  id: number;
  title: string;
  type: RaceType;
  status: RaceStatus;
  prizePoolCents: number;
  minWager: number;
  startDate: string;
  endDate: string;
  distribution: PrizeDistribution;
  rules: string | null;
  description: string | null;
  isAutomatic: boolean;
  completedAt: string | null;
}

/** One of a race's paid top 10: their standing and their prize. */
export interface Participant extends Standing {
  prizeCents: number;
  /** A completed race's result: when its prize was paid (the payout ledger), null until then. */
  paidAt?: string | null;
}

/**
 * A race just completed, with the winners frozen in its results and the notifications that told
 * them (announced with the completion, once its transaction has committed).
 */
export interface Completion {
  race: RaceView;
  winners: Participant[];
  notifications: NotificationView[];
  /** The hex SHA-256 of the frozen result's canonical text (app/domain/race-proof.ts). */
  resultHash: string;
}

/**
 * Where a player stands in the current race, and where they stood at the previous sync, with their
 * gaps to the place above and to the last paid place (see StandingGaps).
 */
export interface RacePosition extends StandingGaps {
  position: number;
  totalParticipants: number;
  wagerAmount: number;
  previousPosition: number | null;
  raceType: RaceType;
  raceTitle: string;
  endDate: string;
}

/**
 * Where the signed-in, linked player stands in the race a page shows (the row pinned under its top
 * 10): their standing, or null while they have no wager in the race (none yet, or below its
 * minimum), then no gaps either. Rendered for one user only: never in a page kept for others.
 */
export interface RaceStanding extends StandingGaps {
  raceId: number;
  standing: Standing | null;
}

/** What a race board shows: standings while it runs, results once completed, none before. */
export type RaceBoardView = "active" | "completed" | "upcoming";

/** The race fields a race board shows. */
export type BoardRace = Pick<
  RaceView,
  | "id"
  | "title"
  | "type"
  | "status"
  | "prizePoolCents"
  | "startDate"
  | "endDate"
  | "distribution"
  | "description"
  | "rules"
>;

export interface RaceBoardData {
  race: RaceView;
  participants: Participant[];
  view: RaceBoardView;
  nextRaceStart: string | null;
  /** Set while a just-completed race is on show; the page asks again 1 s after it. */
  transitionEnds: string | null;
}

/** The profile's race position card: never a made-up position, a failure is reported as such. */
export type RacePositionCardData =
  | { kind: "unlinked" }
  | { kind: "absent" }
  | { kind: "error" }
  | { kind: "loaded"; position: RacePosition; now: string };

/** What an admin sets on a race (form or API), money already in cents. */
export type RaceInput = Omit<RaceView, "id" | "isAutomatic" | "completedAt">;

/**
 * A race saved; or refused, nothing written: another monthly race holds its month (`clash`), it
 * would reopen a completed race whose payouts are on record (`payoutsOnRecord`, see
 * PAYOUTS_ON_RECORD), or it would change what a completed race's sealed result was made from
 * (`resultSealed`, see RESULT_SEALED).
 */
export type RaceSave =
  { race: RaceView } | { clash: RaceView } | { payoutsOnRecord: true } | { resultSealed: true };

/** Why an edit of a completed race may change its title and texts only (docs/decisions/0063). */
export const RESULT_SEALED =
  "This race is completed and its result sealed: reopen it to change its pool, dates, minimum wager or prize split";

/**
 * Whether saving `input` over `race` would change a completed race's result as sealed: its
 * window, pool, minimum wager or split (the proof would then no longer match what is shown).
 */
export function changesSealedResult(race: RaceView, input: RaceInput): boolean {
  if (race.status !== "completed" || input.status !== "completed") return false;
  const shares = (distribution: RaceView["distribution"]) =>
    JSON.stringify(Object.entries(distribution).sort(([a], [b]) => Number(a) - Number(b)));
  return (
    race.prizePoolCents !== input.prizePoolCents ||
    race.minWager !== input.minWager ||
    Date.parse(race.startDate) !== Date.parse(input.startDate) ||
    Date.parse(race.endDate) !== Date.parse(input.endDate) ||
    shares(race.distribution) !== shares(input.distribution)
  );
}

/** A race as the home page's floating widget shows it: its podium so far. */
export interface WidgetRace extends Pick<
  RaceView,
  "id" | "title" | "status" | "endDate" | "prizePoolCents"
> {
  leaders: Participant[];
}
