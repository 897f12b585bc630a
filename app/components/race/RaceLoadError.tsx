import { ErrorPanel } from "~/components/errors/ErrorPanel";

/** 'Failed to load race data' with the details and a Retry that reloads the page. */
export function RaceLoadError({ details, retryTo }: { details: string; retryTo: string }) {
  return (
    <ErrorPanel
      title="Failed to load race data"
      message={details}
      waysOut={[{ label: "Retry", to: retryTo, reload: true }]}
    />
  );
}
