import { Link } from "@remix-run/react";
import { formatCents } from "~/domain/money";
import { PAYOUT_STATUS_LABELS, UNTRACKED_PAYOUT_LABEL, paidLabel } from "~/domain/race-payouts";
import type { PrizeWon } from "~/domain/race-payouts";

/** The profile's Wager Races tab: the prizes the member's linked player won and where each stands. */
export function PrizesWon({ prizes }: { prizes: readonly PrizeWon[] }) {
  return (
    <section
      aria-labelledby="prizes-won-heading"
      className="mt-6 rounded-xl border border-accent bg-card p-5"
    >
      <h2 id="prizes-won-heading" className="font-display text-xl font-bold uppercase">
        Your Prizes
      </h2>
      {prizes.length === 0 ? (
        <p className="mt-3 text-muted">No race prizes yet.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {prizes.map((prize) => (
            <li
              key={prize.raceId}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1"
            >
              <span>
                <span className="font-bold text-primary">#{prize.place}</span>{" "}
                <Link
                  to={`/wager-races/${prize.raceId}`}
                  className="underline underline-offset-2 hover:text-primary"
                >
                  {prize.raceTitle}
                </Link>
              </span>
              <span className="tabular-nums">
                {formatCents(prize.amountCents)}{" "}
                <span className={prize.status === "paid" ? "text-success" : "text-muted"}>
                  {prize.status === null
                    ? UNTRACKED_PAYOUT_LABEL
                    : prize.status === "paid" && prize.paidAt
                      ? paidLabel(prize.paidAt)
                      : PAYOUT_STATUS_LABELS[prize.status]}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
