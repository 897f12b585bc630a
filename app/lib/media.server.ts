import { existsSync } from "node:fs";
import path from "node:path";

/**
 * An operator's optional video in public/media (not shipped with the code), or null: then the
 * page shows the designed poster alone and the browser never asks for a missing file.
 */
export function optionalMedia(fileName: string): string | null {
  return existsSync(path.join(process.cwd(), "public", "media", fileName))
    ? `/media/${fileName}`
    : null;
}
