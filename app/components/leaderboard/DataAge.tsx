import { useRootData } from "~/lib/root-data";
import { describeAge } from "~/domain/data-age";

/** "Updated 3 minutes ago", relative to `now` so server and browser render the same text. */
export function DataAge({ lastUpdated, now }: { lastUpdated: string | null; now: string }) {
  if (!lastUpdated) return <p className="text-xs text-muted">Not synced yet</p>;
  return (
    <p className="text-xs text-muted">
      Updated <time dateTime={lastUpdated}>{describeAge(lastUpdated, now)}</time>
    </p>
  );
}

/**
 * The data age for pages and widgets that show synced data, shown only while that data is stale
 * (the root loader's `freshness`: one read per request for the whole page).
 */
export function StaleDataAge() {
  const freshness = useRootData()?.freshness;
  if (!freshness?.stale) return null;
  return <DataAge lastUpdated={freshness.lastUpdated} now={freshness.now} />;
}
