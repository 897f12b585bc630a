/**
 * The site's colours: the Tailwind theme's (tailwind.config.ts reads them from here) and the
 * Open Graph cards' (app/server/share-card-image.server.tsx), which are drawn without Tailwind.
 */
export const SITE_COLOURS = {
  page: "#14151A",
  card: "#1A1B21",
  primary: { DEFAULT: "#D7FF00", foreground: "#14151A" },
  accent: "#2A2B31",
  muted: "#8A8B91",
  destructive: "#FF5E5B",
  success: "#00D67E",
};
