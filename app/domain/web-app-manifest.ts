import { SITE_COLOURS } from "~/lib/site-colours";

// The installed app (issue 33 item 1): its manifest, linked from every page (app/root.tsx) and
// served at MANIFEST_PATH (app/routes/manifest[.]webmanifest.ts). The PNGs are drawn from the
// favicon by scripts/make-app-icons.ts.

export const MANIFEST_PATH = "/manifest.webmanifest";

/** public/service-worker.js: at the root, so its scope is the whole site. */
export const SERVICE_WORKER_PATH = "/service-worker.js";

export interface AppIcon {
  src: string;
  size: number;
  /** "any": the favicon's rounded square; "maskable": full bleed, the crest in the safe circle. */
  purpose: "any" | "maskable";
}

export const APP_ICONS: readonly AppIcon[] = [
  { src: "/icons/icon-192.png", size: 192, purpose: "any" },
  { src: "/icons/icon-512.png", size: 512, purpose: "any" },
  { src: "/icons/icon-maskable-192.png", size: 192, purpose: "maskable" },
  { src: "/icons/icon-maskable-512.png", size: 512, purpose: "maskable" },
];

/** iOS's home-screen icon (it reads no manifest icons): full bleed, iOS rounds the corners. */
export const APPLE_TOUCH_ICON = { src: "/icons/apple-touch-icon.png", size: 180 } as const;

export function webAppManifest() {
  return {
    id: "/",
    name: "GoatedVIPs",
    short_name: "GoatedVIPs",
    description:
      "Live Goated wager leaderboards, the monthly wager race, VIP ranks, bonus codes and promotions.",
    lang: "en",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: SITE_COLOURS.page,
    theme_color: SITE_COLOURS.page,
    icons: APP_ICONS.map((icon) => ({
      src: icon.src,
      sizes: `${icon.size}x${icon.size}`,
      type: "image/png",
      purpose: icon.purpose,
    })),
  };
}

/** /offline: the page the service worker shows for one that cannot be reached. */
export const OFFLINE_PATH = "/offline";

/**
 * The pages whose last view the service worker keeps for /offline, and /offline's box for each.
 * public/service-worker.js lists the same names and paths (it is a plain script, built by no one).
 */
export const OFFLINE_SNAPSHOTS = [
  {
    name: "leaderboard",
    heading: "The leaderboard you last saw",
    whenEmpty: "Open the leaderboard while online and its last view is kept here.",
  },
  {
    name: "race",
    heading: "The race you last saw",
    whenEmpty: "Open a wager race while online and its last view is kept here.",
  },
] as const;
