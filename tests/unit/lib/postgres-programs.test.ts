// Where `npm run backup`/`restore` find pg_dump and pg_restore on PostgreSQL (docs/operations.md "Backups").
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  findPostgresProgram,
  PostgresProgramMissingError,
} from "~/server/postgres-programs.server";

/** A folder holding the given files, executable unless named in `plain`. */
function folderWith(files: string[], plain: string[] = []): string {
  const folder = mkdtempSync(path.join(tmpdir(), "goatedvips-programs-"));
  for (const file of [...files, ...plain]) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), "#!/bin/sh\n");
    chmodSync(path.join(folder, file), files.includes(file) ? 0o755 : 0o644);
  }
  return folder;
}

describe("findPostgresProgram", () => {
  it("takes PATH's first, then the newest version's bin folder", () => {
    const onPath = folderWith(["pg_dump"]);
    const versions = folderWith(["9.6/bin/pg_dump", "16/bin/pg_dump", "15/bin/pg_dump"]);
    expect(
      findPostgresProgram("pg_dump", { path: `/nowhere:${onPath}`, versionRoots: [versions] }),
    ).toBe(path.join(onPath, "pg_dump"));
    expect(findPostgresProgram("pg_dump", { path: "/nowhere", versionRoots: [versions] })).toBe(
      path.join(versions, "16", "bin", "pg_dump"),
    );
  });

  it("skips files that are not executable, and says so when there is none", () => {
    const notExecutable = folderWith([], ["pg_restore"]);
    const search = { path: notExecutable, versionRoots: ["/no/such/root"] };
    expect(() => findPostgresProgram("pg_restore", search)).toThrow(PostgresProgramMissingError);
    expect(() => findPostgresProgram("pg_restore", search)).toThrow(
      "pg_restore is not installed (looked on PATH and in /usr/lib/postgresql/*/bin): install PostgreSQL's client programs (apt install postgresql-client)",
    );
  });
});
