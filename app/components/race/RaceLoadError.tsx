import { Link } from "@remix-run/react";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";

/** 'Failed to load race data' with the details and a Retry that reloads the page. */
export function RaceLoadError({ details, retryTo }: { details: string; retryTo: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-display text-3xl font-extrabold uppercase">Failed to load race data</h1>
      <p className="mt-3 text-muted">{details}</p>
      <Link to={retryTo} reloadDocument className={`${SECONDARY_BUTTON} mt-6 px-5 py-2`}>
        Retry
      </Link>
    </div>
  );
}
