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
