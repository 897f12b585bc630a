import { raceWidgetCookie } from "~/http/cookies.server";
import { raceParticipants } from "./race-standings.server";
import { findCurrentRace, findPreviousRace } from "./race-store.server";
import { loadCurrentRaceStanding } from "./race-views.server";
import type { RequestMember } from "./race-views.server";
import type { RaceStanding, RaceView, WidgetRace } from "~/domain/race";

export const WIDGET_DISMISSED = "dismissed";

export async function isRaceWidgetDismissed(request: Request): Promise<boolean> {
  return (await raceWidgetCookie.parse(request.headers.get("Cookie"))) === WIDGET_DISMISSED;
}

const PODIUM = 3;

async function summary(race: RaceView | null, now: Date): Promise<WidgetRace | null> {
  if (!race) return null;
  const participants = await raceParticipants(race, now);
  return {
    id: race.id,
    title: race.title,
    status: race.status,
    endDate: race.endDate,
    prizePoolCents: race.prizePoolCents,
    leaders: participants.slice(0, PODIUM),
  };
}

/** The home page's race widget: the current and previous race with their leaders, or null once dismissed. */
export async function loadRaceWidget(request: Request, now: Date = new Date()) {
  if (await isRaceWidgetDismissed(request)) return null;
  const [current, previous] = await Promise.all([findCurrentRace(now), findPreviousRace()]);
  return {
    current: await summary(current, now),
    previous: await summary(previous, now),
    serverNow: now.toISOString(),
  };
}

/**
 * The signed-in `member`'s place in the widget's current race (see loadRaceStanding): null for
 * anyone else, once the widget is dismissed, or when no race is running.
 */
export async function loadWidgetStanding(
  request: Request,
  member: RequestMember | null,
  now: Date = new Date(),
): Promise<RaceStanding | null> {
  if (await isRaceWidgetDismissed(request)) return null;
  return loadCurrentRaceStanding(member, now);
}
