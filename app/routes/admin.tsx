import { Outlet } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";

// The admin area's layout: every /admin page renders here, and its error boundary (the guard's
// 403 as "Admin Access Required", anything else as usual) is the area's one. It loads nothing and
// guards nothing: each admin loader and action calls requireAdmin itself (the guard test checks
// each), so a page is never left open by a layout that did not run.

export default function AdminArea() {
  return <Outlet />;
}

export const ErrorBoundary = AdminErrorBoundary;
