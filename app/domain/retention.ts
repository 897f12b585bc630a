/**
 * How long the data that grows with every sync is kept (issue 19 "Bounded growth",
 * docs/decisions/0029). A player's all-time total at an instant is their latest snapshot at or
 * before it, so a snapshot that is the last of its player's within an hour (or a day) keeps every
 * value at that hour's (day's) end exact, and so every sum of wagers between such instants.
 */

export const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Every snapshot is kept this long. */
export const FULL_DETAIL_MS = 7 * DAY_MS;
/** Then the last of each player's snapshots per hour, up to this age; after it one per day. */
export const HOURLY_DETAIL_MS = 90 * DAY_MS;
/** Sync runs older than this are pruned (the newest successful one always stays). */
export const SYNC_RUN_RETENTION_MS = 90 * DAY_MS;

/** One of a player's snapshots, with the instant of that player's next one (null: the newest). */
export interface SnapshotInstants {
  takenAt: string;
  nextTakenAt: string | null;
}

/**
 * The bucket `instant` falls in, buckets `size` long and closed at their end: (end - size, end].
 * A snapshot taken exactly at an hour (a month-start baseline at 00:00) then counts for the hour
 * that ends there, whose end value it is.
 */
function bucketOf(instant: string, size: number): number {
  return Math.ceil(Date.parse(instant) / size);
}

/**
 * Whether some boundary lies in [from, until): the snapshot taken at `from` is then the latest at
 * or before it. `boundaries` sorted ascending (ISO strings compare in time order).
 */
function boundaryWithin(boundaries: readonly string[], from: string, until: string | null) {
  let low = 0;
  let high = boundaries.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (boundaries[middle]! < from) low = middle + 1;
    else high = middle;
  }
  const first = boundaries[low];
  return first !== undefined && (until === null || first < until);
}

/**
 * Whether compaction keeps a snapshot: always the player's newest, every snapshot younger than
 * FULL_DETAIL_MS, the latest at or before any race boundary (`raceBoundaries`: the start and end
 * of every race, past, live or upcoming, sorted, so every race's standings stay exact), and
 * otherwise the last of the player's snapshots in its hour (younger than HOURLY_DETAIL_MS) or in
 * its UTC day. Keeping depends only on the snapshot and its successor, so a pass can run again at
 * any time and deletes nothing more until snapshots age into the next tier.
 */
export function keepsSnapshot(
  snapshot: SnapshotInstants,
  now: Date,
  raceBoundaries: readonly string[],
): boolean {
  const { takenAt, nextTakenAt } = snapshot;
  if (nextTakenAt === null) return true;
  const age = now.getTime() - Date.parse(takenAt);
  if (age <= FULL_DETAIL_MS) return true;
  if (boundaryWithin(raceBoundaries, takenAt, nextTakenAt)) return true;
  const size = age <= HOURLY_DETAIL_MS ? HOUR_MS : DAY_MS;
  return bucketOf(takenAt, size) !== bucketOf(nextTakenAt, size);
}

/** Snapshots younger than this are all kept: a pass reads only its players' older ones. */
export function fullDetailCutoff(now: Date): string {
  return new Date(now.getTime() - FULL_DETAIL_MS).toISOString();
}

export function syncRunCutoff(now: Date): string {
  return new Date(now.getTime() - SYNC_RUN_RETENTION_MS).toISOString();
}
