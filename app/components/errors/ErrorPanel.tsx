import type { ReactNode } from "react";
import { CallToAction } from "~/components/ui/CallToAction";

export interface ErrorWayOut {
  label: string;
  to: string;
  /** A full page load (the error page's Reload), with or without JavaScript. */
  reload?: boolean;
}

/**
 * The one look of every error page: a heading, what happened, an optional detail, and ways out
 * (the first one the primary button).
 */
export function ErrorPanel({
  title,
  message,
  detail,
  waysOut,
}: {
  title: ReactNode;
  message: string;
  detail?: string;
  waysOut: ErrorWayOut[];
}) {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-3xl sm:text-4xl font-bold uppercase text-primary">
        {title}
      </h1>
      <p className="mt-4 text-muted">{message}</p>
      {detail ? (
        <pre className="mt-6 overflow-x-auto whitespace-pre-wrap rounded-lg border border-accent bg-card p-4 text-left text-sm text-destructive">
          {detail}
        </pre>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {waysOut.map((way, index) => (
          <CallToAction
            key={way.label}
            to={way.to}
            secondary={index > 0}
            reloadDocument={way.reload}
            className="px-5 py-2"
          >
            {way.label}
          </CallToAction>
        ))}
      </div>
    </section>
  );
}
