// Apart from the account forms' schemas (./account-forms), which bring zod: the profile's edit
// form lists the colours in the page's first scripts (docs/decisions/0086).
/** The ten emblem colours of docs/product.md §P3; the first is the default. */
export const PROFILE_COLORS = [
  "#D7FF00",
  "#FF5E5B",
  "#00A3FF",
  "#FF00E5",
  "#00FFA3",
  "#FFB800",
  "#9D4EDD",
  "#FF3D00",
  "#00FFFF",
  "#FF00A0",
] as const;
export type ProfileColor = (typeof PROFILE_COLORS)[number];
