/** The profile's tabs (docs/product.md §P2), chosen by `?tab=`; Stats by default. */
export const PROFILE_TABS = [
  { id: "stats", label: "Stats" },
  { id: "rank", label: "Rank Progress" },
  { id: "sessions", label: "Sessions" },
  { id: "races", label: "Wager Races" },
] as const;

export type ProfileTab = (typeof PROFILE_TABS)[number]["id"];

export function parseProfileTab(value: string | null | undefined): ProfileTab {
  return PROFILE_TABS.find((tab) => tab.id === value)?.id ?? "stats";
}
