import type { ProfileColor } from "~/domain/profile-colors";

// Whole class names, so Tailwind generates them; the CSP forbids inline styles.
export const PROFILE_COLOR_CLASSES: Record<ProfileColor, string> = {
  "#D7FF00": "bg-[#D7FF00]",
  "#FF5E5B": "bg-[#FF5E5B]",
  "#00A3FF": "bg-[#00A3FF]",
  "#FF00E5": "bg-[#FF00E5]",
  "#00FFA3": "bg-[#00FFA3]",
  "#FFB800": "bg-[#FFB800]",
  "#9D4EDD": "bg-[#9D4EDD]",
  "#FF3D00": "bg-[#FF3D00]",
  "#00FFFF": "bg-[#00FFFF]",
  "#FF00A0": "bg-[#FF00A0]",
};

const DEFAULT_COLOR_CLASS = PROFILE_COLOR_CLASSES["#D7FF00"];

function colorClass(color: string | undefined): string {
  return (color && PROFILE_COLOR_CLASSES[color as ProfileColor]) || DEFAULT_COLOR_CLASS;
}

/** The first letter of the username on the chosen colour (docs/product.md §P2 /profile); the default without one. */
export function ProfileEmblem({
  username,
  color,
  size = "large",
}: {
  username: string;
  color?: string;
  size?: "large" | "small";
}) {
  const dimensions = size === "large" ? "h-20 w-20 text-4xl" : "h-8 w-8 text-sm";
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center rounded-full font-display font-bold uppercase text-page ${dimensions} ${colorClass(color)}`}
    >
      {username.charAt(0)}
    </span>
  );
}
