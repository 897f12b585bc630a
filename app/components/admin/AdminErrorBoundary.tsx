import { Link } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/GeneralErrorBoundary";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";

/** What a signed-in non-admin sees on an admin page (docs/product.md §A2), with status 403. */
export function AdminAccessRequired() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-bold uppercase text-primary">
        Admin Access Required
      </h1>
      <p className="mt-4 text-muted">You need admin privileges to view this page.</p>
      <Link to="/" className={`${PRIMARY_BUTTON} mt-8 px-5 py-2`}>
        Return to Home
      </Link>
    </section>
  );
}

/** The error boundary of the admin pages: the guard's 403 as above, anything else as usual. */
export function AdminErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 403: () => <AdminAccessRequired /> }} />;
}
