import { readFileSync } from "node:fs";
import path from "node:path";
import stylesheetHref from "~/tailwind.css";

let text: string | null = null;

/**
 * The built stylesheet's text (public/build/_assets/tailwind-<hash>.css), read once: the file
 * only changes with a new build, which restarts the server. A `</style` inside it would end the
 * element early, so that sequence is escaped (CSS reads `<\/style` the same).
 */
export function stylesheetText(): string {
  text ??= readFileSync(path.join(process.cwd(), "public", stylesheetHref), "utf8").replaceAll(
    "</style",
    "<\\/style",
  );
  return text;
}
