import { Link, useLocation } from "@remix-run/react";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";

/** The floating admin button (docs/product.md §P2): an admin's way to the dashboard from any page. */
export function AdminButton() {
  const { pathname } = useLocation();
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return null;
  return (
    <Link
      to="/admin/dashboard"
      className={`${PRIMARY_BUTTON} fixed bottom-4 left-4 z-30 px-4 py-2 text-sm shadow-glow`}
    >
      Admin
    </Link>
  );
}
