/**
 * The designed heroes at the top of `/`, `/promotions` and `/bonus-codes` and the video an admin
 * may set for each (docs/product.md §A2 "Page banners"; issue 18).
 */
export const HERO_BANNERS = ["home", "promotions", "bonus-codes"] as const;
export type HeroBanner = (typeof HERO_BANNERS)[number];

export function isHeroBanner(value: unknown): value is HeroBanner {
  return typeof value === "string" && (HERO_BANNERS as readonly string[]).includes(value);
}

/** Each hero's own message: a kicker, a headline and a line, in the site's display face. */
export const HERO_CONTENT: Record<
  HeroBanner,
  { page: string; kicker: string; headline: string; text: string }
> = {
  home: {
    page: "Home (/)",
    kicker: "Leaderboards · Races · Rewards",
    headline: "Every wager counts",
    text: "Climb the live leaderboards, chase the monthly race and earn VIP rewards with code GOATEDVIPS.",
  },
  promotions: {
    page: "Promotions (/promotions)",
    kicker: "Goated promotions",
    headline: "Races, drops and VIP extras",
    text: "Every live Goated promotion in one place, plus the extras our VIP partnership adds.",
  },
  "bonus-codes": {
    page: "Bonus Codes (/bonus-codes)",
    kicker: "Members only",
    headline: "Fresh bonus codes",
    text: "Codes for GoatedVIPs members: copy one and enter it on Goated before it expires.",
  },
};

export const VIDEO_URL_MAX_LENGTH = 2000;

export const HERO_VIDEO_MESSAGES = {
  notHttps:
    "The video URL must be a full https:// address, such as https://cdn.example.com/home.mp4",
  tooLong: `The video URL must be at most ${VIDEO_URL_MAX_LENGTH} characters`,
  unknownBanner: "Unknown banner",
  saved: "Banner video saved",
  removed: "Banner video removed",
} as const;

/** An https URL with a host and no credentials, or null for "no video" (the field left empty). */
export function parseVideoUrl(value: string): string | null | undefined {
  const trimmed = value.trim();
  if (trimmed === "") return null;
  if (trimmed.length > VIDEO_URL_MAX_LENGTH) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" || url.hostname === "" || url.username || url.password) {
    return undefined;
  }
  return url.href;
}

/** What the browser tells about the visitor's connection and wishes (Network Information API). */
export interface PlaybackConditions {
  saveData: boolean;
  effectiveType: string | undefined;
  reducedMotion: boolean;
}

/** Connections too slow to spend on a video nobody asked for. */
const SLOW_CONNECTIONS = new Set(["slow-2g", "2g", "3g"]);

/** A hero's video plays only on a connection that allows it and for a visitor who wants motion. */
export function videoAllowed({ saveData, effectiveType, reducedMotion }: PlaybackConditions) {
  return !saveData && !reducedMotion && !SLOW_CONNECTIONS.has(effectiveType ?? "");
}
