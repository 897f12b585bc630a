import { Link, useLocation } from "@remix-run/react";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";
import { pageLabel } from "~/domain/paging";

/** 'Page X of Y' with Previous and Next links that keep the page's other query parameters. */
export function Pager({ page, totalPages }: { page: number; totalPages: number }) {
  const location = useLocation();
  const to = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(target));
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={to(page - 1)} className={`${SECONDARY_BUTTON} px-4 py-2`} rel="prev">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted">{pageLabel({ page, totalPages })}</p>
      {page < totalPages ? (
        <Link to={to(page + 1)} className={`${SECONDARY_BUTTON} px-4 py-2`} rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
