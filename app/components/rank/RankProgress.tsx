import { Link } from "@remix-run/react";
import { useId } from "react";
import { formatWholeUsd } from "~/domain/money";
import { formatRankPercent, rankProgress } from "~/domain/rank";
import { RankEmblem } from "./RankEmblem";
import { RankRing } from "./RankRing";
import { useAnimatedPercent } from "./use-animated-percent";

interface RankProgressProps {
  /** All-time wagered dollars. */
  wagerAmount: number;
  animate?: boolean;
}

/**
 * The full Rank Progress widget (docs/product.md §P2): ring with emblem and percent, current and
 * next rank, XP needed.
 */
export function RankProgress({ wagerAmount, animate = true }: RankProgressProps) {
  const progress = rankProgress(wagerAmount);
  const { percent, sweeping } = useAnimatedPercent(progress.percent, animate);
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-accent bg-card p-5 sm:p-6"
      data-testid="rank-progress"
    >
      <h2
        id={headingId}
        className="font-display text-xl font-bold uppercase tracking-wide text-primary"
      >
        Rank Progress
      </h2>
      <div className="mt-4 flex flex-col items-center gap-6 sm:flex-row sm:items-center">
        <RankRing
          rank={progress.current.name}
          percent={percent}
          sweeping={sweeping}
          pixels={144}
          emblemSize="lg"
        >
          <span className="mt-1 text-sm font-bold" data-testid="rank-percent">
            {formatRankPercent(percent)}
          </span>
        </RankRing>
        <dl className="grid w-full flex-1 gap-3 text-sm">
          {(
            [
              ["Current Rank", progress.current.name],
              ["Next Rank", progress.next.name],
            ] as const
          ).map(([label, rank]) => (
            <div
              key={label}
              className="flex items-center justify-between gap-4 border-b border-accent pb-3"
            >
              <dt className="text-muted">{label}</dt>
              <dd className="flex items-center gap-2 font-bold">
                <RankEmblem rank={rank} size="sm" decorative />
                {rank}
              </dd>
            </div>
          ))}
          <div className="flex items-center justify-between gap-4">
            <dt className="text-muted">XP Needed</dt>
            <dd className="font-bold text-primary">{formatWholeUsd(progress.remaining)}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

/**
 * The compact widget: a small ring with the emblem; the percent to the next rank shows on hover
 * and on keyboard focus. With `to` it is a link (the mobile header badge), else a focusable span.
 * The tooltip's id is the caller's (not useId): the header renders on its own as well
 * (app/http/signed-in-documents.server.ts) and must match the page's render byte for byte.
 */
export function RankProgressCompact({
  wagerAmount,
  animate = true,
  to,
  tooltipId,
}: RankProgressProps & { to?: string; tooltipId: string }) {
  const progress = rankProgress(wagerAmount);
  const { percent, sweeping } = useAnimatedPercent(progress.percent, animate);
  const summary = `${formatRankPercent(percent)} to ${progress.next.name}`;
  const label = `Rank ${progress.current.name}`;
  const content = (
    <>
      <RankRing
        rank={progress.current.name}
        percent={percent}
        sweeping={sweeping}
        pixels={40}
        emblemSize="sm"
      />
      <span
        id={tooltipId}
        role="tooltip"
        className="pointer-events-none absolute right-0 top-full z-50 mt-1 hidden whitespace-nowrap rounded-md border border-accent bg-page px-2 py-1 text-xs font-bold text-white shadow-lg group-hover:block group-focus-visible:block"
      >
        {summary}
      </span>
    </>
  );
  const className = "group relative inline-flex rounded-full";
  return to ? (
    <Link to={to} aria-label={label} aria-describedby={tooltipId} className={className}>
      {content}
    </Link>
  ) : (
    <span
      role="img"
      tabIndex={0}
      aria-label={label}
      aria-describedby={tooltipId}
      className={className}
      data-testid="rank-compact"
    >
      {content}
    </span>
  );
}
