import { Link } from "@remix-run/react";
import { useId } from "react";
import { MEMBERS_ONLY_TOOLTIP } from "~/components/shell/navigation";
import { LockIcon } from "~/components/ui/icons";
import { FEATURE_CARDS } from "~/content/home";
import type { FeatureCard, FeatureMark } from "~/content/home";

const CARD_CLASS =
  "relative flex h-full flex-col rounded-xl border border-accent bg-card p-5 transition-colors";

function Mark({ mark }: { mark: FeatureMark }) {
  return (
    <span className="mb-2 self-start rounded-full bg-primary px-2 py-0.5 text-xs font-bold tracking-wider text-primary-foreground">
      {mark}
    </span>
  );
}

function LockedCard({ card }: { card: FeatureCard }) {
  const tooltipId = useId();
  return (
    <div
      className={`${CARD_CLASS} group cursor-not-allowed`}
      aria-disabled="true"
      aria-describedby={tooltipId}
      tabIndex={0}
      data-testid="feature-card-locked"
    >
      <LockIcon className="absolute right-3 top-3 h-5 w-5 text-muted" />
      <h3 className="font-display text-xl font-bold uppercase text-muted">{card.title}</h3>
      <p className="mt-1 text-sm text-muted">{card.text}</p>
      <span
        id={tooltipId}
        role="tooltip"
        className="pointer-events-none absolute bottom-full left-1/2 z-20 mb-2 hidden w-56 -translate-x-1/2 rounded-md border border-accent bg-page px-3 py-2 text-xs text-white shadow-lg group-hover:block group-focus:block"
      >
        {MEMBERS_ONLY_TOOLTIP}
      </span>
    </div>
  );
}

/** The feature cards of the home page; Bonus Codes is locked for visitors. */
export function FeatureCards({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="features-heading">
      <h2
        id="features-heading"
        className="font-display text-2xl font-bold uppercase tracking-wide sm:text-3xl"
      >
        Everything for Goated players
      </h2>
      <ul className="mt-5 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {FEATURE_CARDS.map((card) => (
          <li key={card.to}>
            {card.membersOnly && !signedIn ? (
              <LockedCard card={card} />
            ) : (
              <Link to={card.to} className={`${CARD_CLASS} hover:border-primary`}>
                {card.mark ? <Mark mark={card.mark} /> : null}
                <h3 className="font-display text-xl font-bold uppercase">{card.title}</h3>
                <p className="mt-1 text-sm text-muted">{card.text}</p>
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
