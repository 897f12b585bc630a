import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** An admin page's heading, with its actions (links, buttons) beside it. */
export function AdminPageHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h1 className="font-display text-3xl font-bold uppercase text-primary sm:text-4xl">
        {title}
      </h1>
      {children}
    </div>
  );
}

/** The way back to /admin from one of its pages, beside the page's heading. */
export function AdminPanelLink() {
  return (
    <Link to="/admin" className="text-sm font-bold text-primary hover:underline">
      Admin Panel
    </Link>
  );
}
