import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export function BackToHome() {
  return (
    <Link
      to="/"
      className="inline-flex items-center gap-1 text-sm font-bold text-muted hover:text-primary"
    >
      <span aria-hidden="true">←</span> Back to Home
    </Link>
  );
}

/** The top of a content page: an optional back link, the page's one h1 and its introduction. */
export function PageHeader({
  title,
  intro,
  backToHome = false,
  children,
}: {
  title: string;
  intro?: string;
  backToHome?: boolean;
  children?: ReactNode;
}) {
  return (
    <header className="mb-8">
      {backToHome ? <BackToHome /> : null}
      <h1 className="mt-3 font-display text-3xl font-bold uppercase tracking-wide text-primary drop-shadow-[0_0_24px_rgba(215,255,0,0.35)] sm:text-5xl">
        {title}
      </h1>
      {intro ? <p className="mt-3 max-w-3xl text-base text-muted sm:text-lg">{intro}</p> : null}
      {children}
    </header>
  );
}

export const PAGE = "mx-auto max-w-6xl px-4 py-10 sm:py-14";
export const CARD = "rounded-xl border border-accent bg-card p-5";
export const SECTION_HEADING =
  "font-display text-xl font-bold uppercase tracking-wide text-white sm:text-2xl";
