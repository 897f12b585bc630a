import { Link, useLocation } from "@remix-run/react";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";

/**
 * The floating admin button (docs/product.md §P2): an admin's way to the dashboard from any page,
 * on the bottom bar's left below 1280 px, in the left gutter from there.
 */
export function AdminButton() {
  const { pathname } = useLocation();
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return null;
  return (
    <Link
      to="/admin/dashboard"
      className={`${PRIMARY_BUTTON} fixed bottom-2.5 left-3 z-40 px-4 py-2 xl:bottom-4 xl:left-4 text-sm shadow-glow`}
    >
      Admin
    </Link>
  );
}
