/**
 * Wager anomaly flags (issue 34 item 2): the rules run after each sync, on the figures it stored,
 * to point an admin at what to look at before paying. Each rule is a pure function of those
 * figures; each flag is one (kind, player, evidence window), so a repeated sync adds no duplicate.
 */
import { formatUsd } from "./money";
import { HOUR_MS } from "./retention";
import { utcDay } from "./time";

const DAY_MS = 24 * HOUR_MS;

export const WAGER_FLAG_KINDS = [
  "wager_spike",
  "new_player_paid_place",
  "shared_address",
  "totals_decrease",
] as const;
export type WagerFlagKind = (typeof WAGER_FLAG_KINDS)[number];

export const WAGER_FLAG_STATUSES = ["open", "dismissed", "confirmed"] as const;
export type WagerFlagStatus = (typeof WAGER_FLAG_STATUSES)[number];
export type WagerFlagDecision = Exclude<WagerFlagStatus, "open">;

export function isWagerFlagDecision(value: unknown): value is WagerFlagDecision {
  return value === "dismissed" || value === "confirmed";
}

export function isWagerFlagStatus(value: unknown): value is WagerFlagStatus {
  return WAGER_FLAG_STATUSES.some((status) => status === value);
}

/** The thresholds of the rules (shown on /admin/flags, which documents each rule). */
export const FLAG_THRESHOLDS = {
  /** A day's wager is a spike above this many times the median of the player's previous days... */
  spikeFactor: 5,
  /** ...and at least this many dollars (small players' noise is not worth an admin's time). */
  spikeFloorDollars: 5_000,
  /** The previous days the median is taken over... */
  spikeHistoryDays: 14,
  /** ...of which at least this many must be known (newer players fall under the next rule). */
  spikeMinHistoryDays: 7,
  /** A player first seen within this many days, in a paid place of a running race. */
  newPlayerDays: 7,
  /** Linked site accounts signed in from one address: this many or more. */
  sharedAddressAccounts: 2,
  /** A drop of the all-time total smaller than this (dollars) is rounding, not a decrease. */
  decreaseToleranceDollars: 0.01,
} as const;

export const WAGER_FLAG_LABELS: Record<WagerFlagKind, string> = {
  wager_spike: "Wager spike",
  new_player_paid_place: "New player in a paid place",
  shared_address: "Linked accounts sharing an address",
  totals_decrease: "All-time total went down",
};

const T = FLAG_THRESHOLDS;

/** Each rule in words, with its thresholds: the documentation on the flags page. */
export const WAGER_FLAG_RULES: Record<WagerFlagKind, string> = {
  wager_spike: `The player's wager on one UTC day (so far, for today) is at least ${formatUsd(T.spikeFloorDollars)} and more than ${T.spikeFactor} times the median of their daily wager over the ${T.spikeHistoryDays} days before it, at least ${T.spikeMinHistoryDays} of which are on record. One flag per player and day.`,
  new_player_paid_place: `The player was first seen by a sync at most ${T.newPlayerDays} days ago (players already there at the site's first sync do not count) and holds a paid place of a running race. One flag per player and race.`,
  shared_address: `${T.sharedAddressAccounts} or more site accounts linked to players signed in from the same address (their sessions' addresses). Each of those players is flagged, naming the others; one flag per player and group.`,
  totals_decrease: `The provider's all-time wager of the player is lower than at the sync before (totals should never go down). One flag per player and pair of syncs.`,
};

export interface SpikeEvidence {
  kind: "wager_spike";
  day: string;
  dayWager: number;
  median: number;
  /** The wager of each previous day, oldest first (null: not on record). */
  history: Array<number | null>;
}

export interface NewPlayerEvidence {
  kind: "new_player_paid_place";
  raceId: number;
  raceTitle: string;
  position: number;
  wager: number;
  prizeCents: number;
  firstSeenAt: string;
}

export interface SharedAddressEvidence {
  kind: "shared_address";
  /** Every linked account of the group, this player's own included. */
  accounts: Array<{ userId: number; username: string; playerUid: string }>;
  /** How many addresses this player's account shares with the others. */
  sharedAddresses: number;
}

export interface DecreaseEvidence {
  kind: "totals_decrease";
  before: number;
  beforeAt: string;
  after: number;
  afterAt: string;
}

export type WagerFlagEvidence =
  SpikeEvidence | NewPlayerEvidence | SharedAddressEvidence | DecreaseEvidence;

/** A flag a rule raised: stored unless its (kind, player, window) is already. */
export interface FlagCandidate {
  kind: WagerFlagKind;
  playerUid: string;
  window: string;
  evidence: WagerFlagEvidence;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const roundCents = (dollars: number) => Math.round(dollars * 100) / 100;

/**
 * The instants the spike rule reads totals at: the starts of the spikeHistoryDays UTC days before
 * `now`'s day and of that day, oldest first (UTC day ends, which the snapshot retention keeps).
 */
export function spikeDayStarts(now: Date): string[] {
  const today = Date.parse(utcDay(now));
  return Array.from({ length: T.spikeHistoryDays + 1 }, (_, i) =>
    new Date(today - (T.spikeHistoryDays - i) * DAY_MS).toISOString(),
  );
}

/**
 * The spike rule for one player: `dayStartTotals` are their all-time totals at spikeDayStarts (null
 * where they had none), `total` their total now. A day's wager is the difference of its ends.
 */
export function wagerSpike(
  playerUid: string,
  now: Date,
  dayStartTotals: ReadonlyArray<number | null>,
  total: number,
): FlagCandidate | null {
  const todayStart = dayStartTotals.at(-1);
  if (todayStart === null || todayStart === undefined) return null;
  const history = dayStartTotals.slice(0, -1).map((start, i) => {
    const end = dayStartTotals[i + 1];
    return start === null || end === null || end === undefined
      ? null
      : roundCents(Math.max(0, end - start));
  });
  const known = history.filter((wager): wager is number => wager !== null);
  if (known.length < T.spikeMinHistoryDays) return null;
  const dayWager = roundCents(total - todayStart);
  const typical = median(known);
  if (dayWager < T.spikeFloorDollars || dayWager <= T.spikeFactor * typical) return null;
  const day = utcDay(now);
  return {
    kind: "wager_spike",
    playerUid,
    window: day,
    evidence: { kind: "wager_spike", day, dayWager, median: typical, history },
  };
}

/**
 * The new-player rule for one place of a running race: `firstSeenAt` is the player's first
 * snapshot, `dataSince` the site's first (players there from the start are not new, just unseen).
 */
export function newPlayerInPaidPlace(
  place: { uid: string; position: number; wager: number; prizeCents: number },
  race: { id: number; title: string },
  firstSeenAt: string | null,
  dataSince: string | null,
  now: Date,
): FlagCandidate | null {
  if (place.prizeCents <= 0 || firstSeenAt === null || dataSince === null) return null;
  if (firstSeenAt <= dataSince) return null;
  if (Date.parse(firstSeenAt) < now.getTime() - T.newPlayerDays * DAY_MS) return null;
  return {
    kind: "new_player_paid_place",
    playerUid: place.uid,
    window: `race:${race.id}`,
    evidence: {
      kind: "new_player_paid_place",
      raceId: race.id,
      raceTitle: race.title,
      position: place.position,
      wager: place.wager,
      prizeCents: place.prizeCents,
      firstSeenAt,
    },
  };
}

export interface LinkedSessionAddress {
  userId: number;
  username: string;
  playerUid: string;
  address: string;
}

/**
 * The shared-address rule: linked accounts whose sessions came from one address, sharedAddressAccounts
 * or more. Each account's player is flagged once per group (the players it shares an address with).
 */
export function sharedAddressFlags(rows: readonly LinkedSessionAddress[]): FlagCandidate[] {
  const accountsAt = new Map<string, Map<number, LinkedSessionAddress>>();
  for (const row of rows) {
    if (row.address === "") continue;
    const accounts = accountsAt.get(row.address) ?? new Map<number, LinkedSessionAddress>();
    accounts.set(row.userId, row);
    accountsAt.set(row.address, accounts);
  }
  const groups = new Map<
    number,
    { self: LinkedSessionAddress; others: Map<number, LinkedSessionAddress>; shared: number }
  >();
  for (const accounts of accountsAt.values()) {
    if (accounts.size < T.sharedAddressAccounts) continue;
    for (const self of accounts.values()) {
      const group = groups.get(self.userId) ?? { self, others: new Map(), shared: 0 };
      group.shared += 1;
      for (const other of accounts.values()) {
        if (other.userId !== self.userId) group.others.set(other.userId, other);
      }
      groups.set(self.userId, group);
    }
  }
  return [...groups.values()]
    .sort((a, b) => a.self.userId - b.self.userId)
    .map(({ self, others, shared }) => {
      const members = [self, ...others.values()].sort((a, b) => a.userId - b.userId);
      return {
        kind: "shared_address" as const,
        playerUid: self.playerUid,
        window: `with:${[...others.values()]
          .map((o) => o.playerUid)
          .sort()
          .join(",")}`,
        evidence: {
          kind: "shared_address" as const,
          accounts: members.map(({ userId, username, playerUid }) => ({
            userId,
            username,
            playerUid,
          })),
          sharedAddresses: shared,
        },
      };
    });
}

/** The decrease rule: the player's total at this sync (`after`) below the one before it. */
export function totalsDecrease(
  playerUid: string,
  before: { total: number; at: string } | null,
  after: { total: number; at: string },
): FlagCandidate | null {
  if (!before || before.total - after.total < T.decreaseToleranceDollars) return null;
  return {
    kind: "totals_decrease",
    playerUid,
    window: `${before.at}/${after.at}`,
    evidence: {
      kind: "totals_decrease",
      before: before.total,
      beforeAt: before.at,
      after: after.total,
      afterAt: after.at,
    },
  };
}

/** The reason a payout held by confirmed flags shows in the payout ledger. */
export function flagHoldReason(flagIds: readonly number[]): string {
  const ids = [...flagIds].sort((a, b) => a - b).map((id) => `#${id}`);
  return `Held: confirmed wager flag${ids.length > 1 ? "s" : ""} ${ids.join(", ")} (see /admin/flags)`;
}
