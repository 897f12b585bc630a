import { Link } from "@remix-run/react";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/ui/buttons";

export const NOT_FOUND_TITLE = "404 Page Not Found";

export function NotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-4xl font-extrabold uppercase">
        <span className="text-primary">404</span> Page Not Found
      </h1>
      <p className="mt-4 text-muted">
        The page you are looking for does not exist or has moved. Check the address, or head back to
        the leaderboards.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={`${PRIMARY_BUTTON} px-5 py-2`}>
          Go to Home
        </Link>
        <Link to="/leaderboard?period=daily" className={`${SECONDARY_BUTTON} px-5 py-2`}>
          View Leaderboard
        </Link>
      </div>
    </section>
  );
}
