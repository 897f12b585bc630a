/** How old data is, in words: "just now", "3 minutes ago", "2 hours ago", "4 days ago". */
export function describeAge(then: string, now: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(now) - Date.parse(then)) / 1000));
  if (seconds < 60) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  return `${Math.round(hours / 24)} days ago`;
}

/**
 * Synced data is stale when there is none yet or when the newest finished sync run failed: the
 * pages still show the last good data, and then say how old it is (DESIGN.md "Data").
 */
export function isDataStale({
  lastGoodSyncAt,
  newestRunFailed,
}: {
  lastGoodSyncAt: string | null;
  newestRunFailed: boolean;
}): boolean {
  return lastGoodSyncAt === null || newestRunFailed;
}
