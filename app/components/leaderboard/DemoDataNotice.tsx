/** Shown on every page while the leaderboards come from the built-in demo source. */
export function DemoDataNotice() {
  return (
    <p
      role="note"
      className="border-b border-primary/30 bg-primary/10 px-4 py-2 text-center text-xs text-white"
    >
      This site shows demo data: the leaderboards are generated, not real Goated players, until the
      provider is set up and answers.
    </p>
  );
}
