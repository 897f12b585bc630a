import { execFile } from "node:child_process";
import { accessSync, constants, readdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

export type PostgresProgram = "pg_dump" | "pg_restore";

/** Where PostgreSQL's client programs are looked for: PATH, then Debian's versioned folders. */
export interface ProgramSearch {
  /** A PATH value (`:`-separated folders). */
  path: string;
  /** Folders holding `<version>/bin` (Debian: /usr/lib/postgresql). */
  versionRoots: readonly string[];
}

export const DEFAULT_PROGRAM_SEARCH: ProgramSearch = {
  path: process.env.PATH ?? "",
  versionRoots: ["/usr/lib/postgresql"],
};

export class PostgresProgramMissingError extends Error {
  override name = "PostgresProgramMissingError";
  constructor(program: PostgresProgram) {
    super(
      `${program} is not installed (looked on PATH and in /usr/lib/postgresql/*/bin): install PostgreSQL's client programs (apt install postgresql-client)`,
    );
  }
}

/**
 * The path of `program`: the first executable on PATH, else in the newest version's bin folder
 * under a version root (an older pg_dump refuses a newer server). Throws when there is none.
 */
export function findPostgresProgram(
  program: PostgresProgram,
  search: ProgramSearch = DEFAULT_PROGRAM_SEARCH,
): string {
  const versionFolders = search.versionRoots.flatMap((root) =>
    listFolder(root)
      .filter((version) => /^\d+(\.\d+)?$/.test(version))
      .sort((a, b) => Number(b) - Number(a))
      .map((version) => path.join(root, version, "bin")),
  );
  const folders = [...search.path.split(":").filter(Boolean), ...versionFolders];
  const found = folders.map((folder) => path.join(folder, program)).find(isExecutable);
  if (!found) throw new PostgresProgramMissingError(program);
  return found;
}

function listFolder(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs a PostgreSQL client program, against `url` when one is given. The password goes in
 * PGPASSWORD, not in the arguments, where `ps` would show it to every user of the machine. Fails
 * with the program's own error output, on one line.
 */
export async function runPostgresProgram(
  program: string,
  args: readonly string[],
  url: string | null = null,
): Promise<string> {
  const connection = url ? new URL(url) : null;
  const password = connection ? decodeURIComponent(connection.password) : "";
  if (connection) connection.password = "";
  try {
    const { stdout } = await promisify(execFile)(
      program,
      connection ? [...args, `--dbname=${connection.toString()}`] : args,
      {
        env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    const detail = stderr ? stderr.split("\n").join("; ") : (error as Error).message;
    throw new Error(`${path.basename(program)} failed: ${detail}`);
  }
}
