import type { PublicProfile } from "./account";
import type { MemberRecord } from "./member-record";
import { formatCents, formatCount, formatUsd } from "./money";
import { RACE_TYPE_LABELS } from "./race";
import type { Participant, RaceBoardView, RaceView } from "./race";
import { paidLabel } from "./race-payouts";
import { splitPool } from "./race-prizes";
import type { RankName } from "./rank";
import { formatMediumDate } from "./time";

/**
 * What the Open Graph result cards show (issue 32 item 6, docs/decisions/0074): a race's title,
 * top 3, prizes and 'Paid' marks, or a member's rank and latest race result, as the text the card
 * writes. The image is drawn from this alone, so equal cards are one image.
 */

/** The size every card is drawn at: what link previews show at 1.91:1. */
export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

/** The most characters a name or a title keeps on a card; the layout's ellipsis guards the pixels. */
export const CARD_NAME_LENGTH = 22;
export const CARD_TITLE_LENGTH = 40;

/** Places a race card shows. */
const PODIUM_PLACES = 3;

export interface PodiumPlace {
  place: number;
  /** The player as the race's table names them; null before the race has started. */
  name: string | null;
  prize: string;
  /** "Paid Nov 27, 2026" once the payout ledger says so. */
  paid: string | null;
}

export interface RaceShareCard {
  kind: "race";
  /** "Monthly Race" */
  label: string;
  title: string;
  state: "final" | "live" | "upcoming";
  /** "Final result · Nov 30, 2026", "Live standings · ends Nov 30, 2026", "Starts Dec 1, 2026" */
  when: string;
  pool: string;
  podium: PodiumPlace[];
}

export interface PlayerShareCard {
  kind: "player";
  name: string;
  tier: RankName;
  /** "#12 on the all-time leaderboard", or null when not on it. */
  leaderboardPlace: string | null;
  wagered: string;
  /** Their newest completed race: "#2 in November Monthly Race", and its prize. */
  latestRace: { title: string; place: string; prize: string } | null;
  /** "3 races · 1 win · best finish #1" */
  record: string;
}

export type ShareCard = RaceShareCard | PlayerShareCard;

/** The parts of a member's public profile (`/user/:id`) a card shows. */
export type SharedProfile = Pick<PublicProfile, "username" | "totalWagered"> &
  Pick<MemberRecord, "currentTier" | "bestRank" | "races" | "history"> & { currentRank: number };

/** `text` cut to at most `max` characters as a reader counts them, an ellipsis ending a cut. */
export function clipText(text: string, max: number): string {
  const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
  const characters = Array.from(graphemes.segment(text.trim()), (part) => part.segment);
  if (characters.length <= max) return characters.join("");
  return `${characters
    .slice(0, max - 1)
    .join("")
    .trimEnd()}…`;
}

/** A race's card from what its page shows: the board's race, participants and view. */
export function raceShareCard(board: {
  race: RaceView;
  participants: Participant[];
  view: RaceBoardView;
}): RaceShareCard {
  const { race, view } = board;
  const common = {
    kind: "race" as const,
    label: RACE_TYPE_LABELS[race.type] ?? race.type,
    title: clipText(race.title, CARD_TITLE_LENGTH),
    pool: formatCents(race.prizePoolCents),
  };
  if (view === "upcoming") {
    return {
      ...common,
      state: "upcoming",
      when: `Starts ${formatMediumDate(race.startDate)}`,
      podium: splitPool(race.prizePoolCents, race.distribution)
        .slice(0, PODIUM_PLACES)
        .map((cents, index) => ({
          place: index + 1,
          name: null,
          prize: formatCents(cents),
          paid: null,
        })),
    };
  }
  const podium = board.participants.slice(0, PODIUM_PLACES).map((participant) => ({
    place: participant.position,
    name: clipText(participant.name, CARD_NAME_LENGTH),
    prize: formatCents(participant.prizeCents),
    paid: participant.paidAt ? paidLabel(participant.paidAt) : null,
  }));
  return view === "completed"
    ? {
        ...common,
        state: "final",
        when: `Final result · ${formatMediumDate(race.completedAt ?? race.endDate)}`,
        podium,
      }
    : {
        ...common,
        state: "live",
        when: `Live standings · ends ${formatMediumDate(race.endDate)}`,
        podium,
      };
}

/** What a link preview says under a race card's title. */
export function raceShareDescription(card: RaceShareCard): string {
  const places = card.podium.map((entry) =>
    entry.name === null
      ? `#${entry.place} wins ${entry.prize}`
      : `#${entry.place} ${entry.name} ${entry.prize}${entry.paid ? " (paid)" : ""}`,
  );
  const lead = {
    final: `Final result of ${card.title}`,
    live: `Live standings of ${card.title}`,
    upcoming: `Prizes of ${card.title} (${card.when})`,
  }[card.state];
  return `${lead}: ${places.length ? places.join(", ") : "no participants"}. Prize pool ${card.pool}.`;
}

/** A member's card from their public profile (`/user/:id`). */
export function playerShareCard(profile: SharedProfile): PlayerShareCard {
  const latest = profile.history[0];
  const { participated, won } = profile.races;
  return {
    kind: "player",
    name: clipText(profile.username, CARD_NAME_LENGTH),
    tier: profile.currentTier,
    leaderboardPlace:
      profile.currentRank > 0
        ? `#${formatCount(profile.currentRank)} on the all-time leaderboard`
        : null,
    wagered: formatUsd(profile.totalWagered),
    latestRace: latest
      ? {
          title: clipText(latest.title, CARD_TITLE_LENGTH),
          place: `#${latest.position}`,
          prize: formatUsd(latest.prize),
        }
      : null,
    record: [
      `${formatCount(participated)} race${participated === 1 ? "" : "s"}`,
      `${formatCount(won)} win${won === 1 ? "" : "s"}`,
      profile.bestRank > 0 ? `best finish #${profile.bestRank}` : "no finish yet",
    ].join(" · "),
  };
}

/** What a link preview says under a member's card. */
export function playerShareDescription(card: PlayerShareCard): string {
  const latest = card.latestRace
    ? ` Latest race: ${card.latestRace.place} in ${card.latestRace.title}.`
    : "";
  const place = card.leaderboardPlace ? `, ${card.leaderboardPlace}` : "";
  return `${card.name}: ${card.tier} rank${place}, ${card.wagered} wagered.${latest}`;
}
