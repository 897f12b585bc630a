import { Link, useLocation } from "@remix-run/react";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/ui/buttons";

/** The global error screen (spec §2): what went wrong and two ways out. */
export function ErrorScreen({ message }: { message: string }) {
  const location = useLocation();
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-4xl font-extrabold uppercase text-primary">
        Something went wrong
      </h1>
      <p className="mt-4 text-muted">
        The application encountered an unexpected error. Please try refreshing the page.
      </p>
      <pre className="mt-6 overflow-x-auto whitespace-pre-wrap rounded-lg border border-accent bg-card p-4 text-left text-sm text-destructive">
        {message}
      </pre>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={`${PRIMARY_BUTTON} px-5 py-2`}>
          Go to Home
        </Link>
        {/* A plain link to this very URL reloads it, with or without JavaScript. */}
        <a href={location.pathname + location.search} className={`${SECONDARY_BUTTON} px-5 py-2`}>
          Reload Page
        </a>
      </div>
    </section>
  );
}
