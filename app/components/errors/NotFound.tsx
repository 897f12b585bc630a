import { ErrorPanel } from "./ErrorPanel";

export const NOT_FOUND_TITLE = "404 Page Not Found";

export function NotFound() {
  return (
    <ErrorPanel
      title={NOT_FOUND_TITLE}
      message="The page you are looking for does not exist or has moved. Check the address, or head back to the leaderboards."
      waysOut={[
        { label: "Go to Home", to: "/" },
        { label: "View Leaderboard", to: "/leaderboard?period=daily" },
      ]}
    />
  );
}
