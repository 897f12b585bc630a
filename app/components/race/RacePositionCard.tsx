import { PROVIDER_REFERRAL_URL } from "~/content/links";
import { CallToAction } from "~/components/ui/CallToAction";
import { formatUsd } from "~/domain/money";
import { RACE_TYPE_LABELS } from "~/domain/race";
import type { RacePositionCardData } from "~/domain/race";
import { daysLeftRoundedUp, positionChange } from "~/domain/race-time";

export const PROVIDER_HOST = "Goated";
export const POSITION_ERROR_TEXT = "Unable to load race position data. Please try again later.";

const CHANGE_STYLES = { up: "text-success", down: "text-destructive", same: "text-muted" };

/** The profile's Wager Races tab card (docs/product.md §P2). */
export function RacePositionCard(props: RacePositionCardData) {
  return (
    <section
      aria-labelledby="race-position-heading"
      className="rounded-xl border border-accent bg-card p-5"
    >
      <h2 id="race-position-heading" className="font-display text-xl font-bold uppercase">
        Wager Race Position
      </h2>
      <RacePositionBody {...props} />
    </section>
  );
}

function RacePositionBody(props: RacePositionCardData) {
  switch (props.kind) {
    case "unlinked":
      return (
        <div className="mt-3">
          <p className="text-muted">
            Link your {PROVIDER_HOST} account to see your wager race position
          </p>
          <CallToAction to={PROVIDER_REFERRAL_URL} className="mt-4 px-5 py-2">
            Connect to Goated
          </CallToAction>
        </div>
      );
    case "absent":
      return (
        <p className="mt-3 text-muted">
          You are not in the current race yet: wager on Goated under our code to join it.
        </p>
      );
    case "error":
      return <p className="mt-3 text-destructive">{POSITION_ERROR_TEXT}</p>;
    case "loaded": {
      const { position, now } = props;
      const change = positionChange(position.position, position.previousPosition);
      const days = daysLeftRoundedUp(new Date(position.endDate), new Date(now));
      return (
        <div className="mt-3">
          <p className="text-xs font-bold uppercase tracking-widest text-muted">
            {RACE_TYPE_LABELS[position.raceType] ?? position.raceType}
          </p>
          <p className="mt-1 flex items-baseline gap-3">
            <span className="font-display text-3xl font-bold text-primary">
              #{position.position} of {position.totalParticipants} participants
            </span>
            {change ? (
              <span
                data-testid="position-change"
                className={`font-bold ${CHANGE_STYLES[change.direction]}`}
              >
                {change.direction === "up" ? "+" : change.direction === "down" ? "-" : ""}
                {change.places}
              </span>
            ) : null}
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-y-1 text-sm">
            <dt className="text-muted">Current Wager</dt>
            <dd className="tabular-nums">{formatUsd(position.wagerAmount)}</dd>
            <dt className="text-muted">Race</dt>
            <dd>{position.raceTitle}</dd>
            <dt className="text-muted">Ends In:</dt>
            <dd>
              {days} {days === 1 ? "day" : "days"}
            </dd>
          </dl>
        </div>
      );
    }
  }
}
