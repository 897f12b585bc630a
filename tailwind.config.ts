import type { Config } from "tailwindcss";
import { SITE_COLOURS } from "./app/lib/site-colours";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: SITE_COLOURS,
      fontFamily: {
        display: [
          '"Arial Narrow"',
          '"Roboto Condensed"',
          '"Helvetica Neue Condensed"',
          "Impact",
          "system-ui",
          "sans-serif",
        ],
      },
      boxShadow: {
        glow: "0 0 24px rgba(215, 255, 0, 0.35)",
      },
      animation: {
        // Tailwind's pulse, a few times and then still: a LIVE mark that pulsed forever kept the
        // page drawing frames for as long as it was open.
        "pulse-few": "pulse 2s cubic-bezier(0.4, 0, 0.6, 1) 4",
      },
    },
  },
  plugins: [],
} satisfies Config;
