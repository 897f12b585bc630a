import { useLocation } from "@remix-run/react";
import { ErrorPanel } from "./ErrorPanel";

/** The global error screen (docs/product.md §P2): what went wrong and two ways out. */
export function ErrorScreen({ message }: { message: string }) {
  const location = useLocation();
  return (
    <ErrorPanel
      title="Something went wrong"
      message="The application encountered an unexpected error. Please try refreshing the page."
      detail={message}
      waysOut={[
        { label: "Go to Home", to: "/" },
        // A plain link to this very URL reloads it, with or without JavaScript.
        { label: "Reload Page", to: location.pathname + location.search, reload: true },
      ]}
    />
  );
}
