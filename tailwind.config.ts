import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        page: "#14151A",
        card: "#1A1B21",
        primary: { DEFAULT: "#D7FF00", foreground: "#14151A" },
        accent: "#2A2B31",
        muted: "#8A8B91",
        destructive: "#FF5E5B",
        success: "#00D67E",
      },
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
