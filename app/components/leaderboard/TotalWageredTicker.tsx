import { Link } from "@remix-run/react";
import { formatUsd } from "~/domain/money";
import { useCountUp } from "./use-count-up";

/** The sum of every player's all-time total: exact without JavaScript, counting up with it. */
export function TotalWageredTicker({ totalWagered }: { totalWagered: number }) {
  const shown = useCountUp(totalWagered);
  return (
    <Link
      to="/leaderboard?period=all_time"
      className="block rounded-xl border border-accent bg-card px-6 py-5 text-center hover:border-primary"
    >
      <span className="block text-xs uppercase tracking-widest text-muted">Total wagered</span>
      <span
        className="mt-1 block font-display text-3xl font-extrabold tabular-nums text-primary sm:text-4xl"
        data-testid="total-wagered"
        data-value={totalWagered}
      >
        + {formatUsd(shown)}
      </span>
    </Link>
  );
}
