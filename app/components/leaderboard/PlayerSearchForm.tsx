import { Form } from "@remix-run/react";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";
import type { LeaderboardPeriod } from "~/domain/leaderboard-period";

/** Longer searches cannot match a provider username; the bound keeps the query cheap. */
export const MAX_SEARCH_LENGTH = 50;

/**
 * The username search: a GET form to /leaderboard for the period, so it works without JavaScript
 * and its state lives in the URL.
 */
export function PlayerSearchForm({
  id,
  label,
  period,
  query = "",
  className,
  inputClassName,
}: {
  id: string;
  label: string;
  period: LeaderboardPeriod;
  query?: string;
  className: string;
  inputClassName: string;
}) {
  return (
    <Form method="get" action="/leaderboard" role="search" className={`flex gap-2 ${className}`}>
      <input type="hidden" name="period" value={period} />
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={query}
        key={query}
        maxLength={MAX_SEARCH_LENGTH}
        placeholder="Search username..."
        className={`rounded-md border border-accent bg-card px-3 py-2 text-sm placeholder:text-muted focus:border-primary focus:outline-none focus-visible:ring-2 focus-visible:ring-primary ${inputClassName}`}
      />
      <button type="submit" className={`${SECONDARY_BUTTON} px-4 py-2 text-sm`}>
        Search
      </button>
    </Form>
  );
}
