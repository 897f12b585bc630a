import { useNavigation } from "@remix-run/react";

/** A thin bar at the top while a client-side navigation or submission is under way. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-primary/20"
    >
      {/* Appears after 250 ms (docs/product.md §P4) so quick navigations do not flash it. */}
      <div className="nav-progress h-full w-1/3 bg-primary" />
    </div>
  );
}
