import type { Config } from "tailwindcss";
import { SITE_COLOURS } from "./app/lib/site-colours";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    // The type scale (docs/decisions/0106): two weights, so a page lays out few distinct fonts;
    // Tailwind's other weights (medium, semibold, extrabold...) are not part of the design.
    fontWeight: {
      normal: "400",
      bold: "700",
    },
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
      keyframes: {
        // The intro's progress bar rises on the compositor: a width set every 30 ms from
        // JavaScript was a render, a layout and a paint per tick while the page hydrates.
        "intro-rise": {
          from: { transform: "translateX(-100%)" },
          to: { transform: "translateX(-0.5%)" },
        },
      },
      animation: {
        // In 5 % steps (10 a second): each step is a frame to draw, and a linear rise drew 60 a
        // second while the page hydrates.
        "intro-rise": "intro-rise 2s steps(20) forwards",
        // Tailwind's pulse, a few times and then still: a LIVE mark that pulsed forever kept the
        // page drawing frames for as long as it was open.
        "pulse-few": "pulse 2s cubic-bezier(0.4, 0, 0.6, 1) 4",
      },
    },
  },
  plugins: [],
} satisfies Config;
