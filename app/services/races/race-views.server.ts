import type { RaceBoardData, RacePositionCardData, RaceStanding, RaceView } from "~/domain/race";
import { COMPLETED_VIEW_MS } from "~/domain/race-time";
import { db } from "~/services/db.server";
import { raceParticipants, racePositionOf, raceStandingOf } from "./race-standings.server";
import { findCurrentRace, findPreviousRace, findRace, nextRaceStart } from "./race-store.server";
import { findRequestSession } from "~/services/auth/sessions.server";
import { linkedPlayerUid } from "~/services/auth/users.server";

/** What the race pages, the race API and the profile's race card show, put together. */

/** The previous race stays on show for an hour after it completed (docs/product.md §P4, §P9). */
export function transitionEnds(race: RaceView): string {
  const completed = Date.parse(race.completedAt ?? race.endDate);
  return new Date(completed + COMPLETED_VIEW_MS).toISOString();
}

/**
 * What /wager-races, the monthly race page, shows (docs/product.md §P4): for an hour after a monthly race
 * completed at its end, that race; else the current race (completed once its end has passed, even
 * before the job froze it); else the last completed race. Null when no race was ever run.
 */
export async function currentRaceBoard(now: Date = new Date()): Promise<RaceBoardData | null> {
  const previous = await findPreviousRace();
  const inTransition =
    previous?.type === "monthly" &&
    previous.completedAt &&
    previous.completedAt >= previous.endDate &&
    transitionEnds(previous) > now.toISOString();
  const current = inTransition ? null : await findCurrentRace(now);
  const race = current ?? previous;
  if (!race) return null;
  const ended = race.endDate <= now.toISOString() || race.status === "completed";
  return {
    race,
    participants: await raceParticipants(race, now),
    view: ended ? "completed" : "active",
    nextRaceStart: ended ? await nextRaceStart(now) : null,
    transitionEnds: inTransition && previous ? transitionEnds(previous) : null,
  };
}

/**
 * The race `GET /api/wager-races/current` answers: the current race; else the last completed race
 * when it is a monthly one (an admin may complete it before its end), as completed until the next
 * race starts, as /wager-races shows it. Null when neither.
 */
export async function currentRaceForApi(now: Date = new Date()): Promise<RaceView | null> {
  const current = await findCurrentRace(now);
  if (current) return current;
  const previous = await findPreviousRace();
  return previous?.type === "monthly" ? previous : null;
}

/** One race's own page: upcoming, running, or completed (frozen) once its end has passed. */
export async function raceBoard(id: number, now: Date = new Date()): Promise<RaceBoardData | null> {
  const race = await findRace(id);
  if (!race) return null;
  const instant = now.toISOString();
  const view =
    race.status === "completed" || race.endDate <= instant
      ? "completed"
      : race.status === "upcoming" || race.startDate > instant
        ? "upcoming"
        : "active";
  return {
    race,
    participants: view === "upcoming" ? [] : await raceParticipants(race, now),
    view,
    nextRaceStart: null,
    transitionEnds: null,
  };
}

/** Provider totals of the given players (for the previous race's participants in the API). */
export async function playerTotals(uids: string[]) {
  if (uids.length === 0) return new Map<string, { allTime: number; updatedAt: string }>();
  const rows = await db
    .selectFrom("players")
    .select(["uid", "all_time", "updated_at"])
    .where("uid", "in", uids)
    .execute();
  return new Map(rows.map((r) => [r.uid, { allTime: r.all_time, updatedAt: r.updated_at }]));
}

/**
 * What the profile's Wager Races tab shows for a user: the link prompt without a linked provider
 * account, else their position (never a made-up one: a failure is reported as such).
 */
export async function loadRacePositionCard(
  userId: number,
  now: Date = new Date(),
): Promise<RacePositionCardData> {
  try {
    const uid = await linkedPlayerUid(userId);
    if (!uid) return { kind: "unlinked" };
    const position = await racePositionOf(uid, now);
    return position ? { kind: "loaded", position, now: now.toISOString() } : { kind: "absent" };
  } catch (error) {
    console.error("race position card: loading failed", error);
    return { kind: "error" };
  }
}

/**
 * Where the request's signed-in player stands in `race` while it runs (the row pinned under its
 * top 10 on /wager-races and in the home page's race widget): null for a visitor, a member whose
 * Goated account is not linked, or a race not running. Read from the request's session, so it is
 * only ever in an answer to that user's own request (docs/decisions/0064): answers to requests with
 * credentials go out `private, no-store` and are neither taken from nor kept in the visitor page
 * cache; a page sharing its content between users must not carry it.
 */
export async function loadRaceStanding(
  request: Request,
  race: RaceView | null,
  now: Date = new Date(),
): Promise<RaceStanding | null> {
  if (!race || !isRunning(race, now)) return null;
  const uid = await requestPlayerUid(request);
  return uid ? raceStandingOf(race, uid, now) : null;
}

/** loadRaceStanding in the current race for `member`, looked up only for a linked player. */
export async function loadCurrentRaceStanding(
  member: RequestMember | null,
  now: Date = new Date(),
): Promise<RaceStanding | null> {
  const uid = member?.goatedId;
  if (!uid) return null;
  const race = await findCurrentRace(now);
  return race && isRunning(race, now) ? raceStandingOf(race, uid, now) : null;
}

function isRunning(race: RaceView, now: Date): boolean {
  const instant = now.toISOString();
  return race.status === "live" && race.startDate <= instant && instant < race.endDate;
}

/** A signed-in member as a page about races sees them: the provider player linked, if any. */
export interface RequestMember {
  goatedId: string | null;
}

/** The request's signed-in member (null for a visitor), read in the session's statement. */
export async function requestMember(request: Request): Promise<RequestMember | null> {
  const session = await findRequestSession(request, (query) =>
    query.select("users.goated_id as goatedId"),
  );
  return session && { goatedId: session.row.goatedId ?? null };
}

/** The provider player linked to the request's signed-in user. */
async function requestPlayerUid(request: Request): Promise<string | null> {
  return (await requestMember(request))?.goatedId ?? null;
}
