import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Makes BACKUP_DIR (and its missing parents) and writes a file in it, so that an unusable folder
 * (a file in its place or in its path, no write permission, a parent that cannot be made) fails
 * a backup before it starts, with a one-line message naming the folder.
 */
export async function prepareBackupDirectory(dir: string): Promise<void> {
  try {
    await makeFolder(dir);
    const probe = path.join(dir, `.write-check-${process.pid}`);
    await writeFile(probe, "");
    await rm(probe);
  } catch (error) {
    throw new Error(`BACKUP_DIR ${dir} cannot be used: ${plainReason(error)}`);
  }
}

/** The file system's refusals, in words, with the code and path that say exactly what. */
const PLAIN_REASONS: Record<string, string> = {
  ENOTDIR: "part of its path is a file, not a folder",
  ENOENT: "a folder of its path cannot be created",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "the file system is read-only",
  ENOSPC: "the disk is full",
};

function plainReason(error: unknown): string {
  const { code, path: at, message } = error as NodeJS.ErrnoException;
  const plain = code ? PLAIN_REASONS[code] : undefined;
  return plain && at ? `${plain} (${code} on ${at})` : (message ?? String(error));
}

/**
 * `mkdir -p`, by hand: fs.mkdir's `recursive` retries forever where a parent exists yet refuses
 * children (under /proc, mkdir answers ENOENT). Here each folder is tried again once, after its
 * parents were made.
 */
async function makeFolder(dir: string, parentsMade = false): Promise<void> {
  try {
    await mkdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") {
      if (!(await stat(dir)).isDirectory()) throw new Error("it is a file, not a folder");
      return;
    }
    const parent = path.dirname(dir);
    if (code !== "ENOENT" || parentsMade || parent === dir) throw error;
    await makeFolder(parent);
    await makeFolder(dir, true);
  }
}
