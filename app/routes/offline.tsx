import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { PAGE, PageHeader, SECTION_HEADING } from "~/components/content/PageHeader";
import { OFFLINE_SNAPSHOTS } from "~/domain/web-app-manifest";
import { pageMeta } from "~/lib/meta";
import { SHELL_ONLY_USER_PAGE_HEADERS } from "~/http/page-cache.server";

export const meta: MetaFunction = () => [
  ...pageMeta(
    "Offline",
    "Shown by the installed app when the connection drops: the leaderboard and the wager race as you last saw them.",
  ),
  { name: "robots", content: "noindex" },
];

// The same for everyone: the service worker keeps a visitor's copy (credentials omitted).
export const headers: HeadersFunction = () => SHELL_ONLY_USER_PAGE_HEADERS;

/**
 * GET /offline: what public/service-worker.js shows for a page that cannot be reached. It keeps a
 * copy of this page and fills each `data-offline-snapshot` box with the content of that page as
 * the player last saw it (docs/decisions/0076); opened online, the boxes say how they fill.
 */
export default function Offline() {
  return (
    <div className={PAGE}>
      <PageHeader
        title="You are offline"
        intro="GoatedVIPs needs a connection for live standings. Here are the leaderboard and the wager race as you last saw them; reload once you are back online."
      />
      {OFFLINE_SNAPSHOTS.map((snapshot) => (
        <section
          key={snapshot.name}
          className="mt-10"
          aria-labelledby={`offline-${snapshot.name}-heading`}
        >
          <h2 id={`offline-${snapshot.name}-heading`} className={SECTION_HEADING}>
            {snapshot.heading}
          </h2>
          <div data-offline-snapshot={snapshot.name}>
            <p className="mt-3 text-sm text-muted">{snapshot.whenEmpty}</p>
          </div>
        </section>
      ))}
    </div>
  );
}
