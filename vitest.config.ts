import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import type { TestProjectInlineConfiguration } from "vitest/config";

// The PostgreSQL pass (tests/run-all.sh): the dialect's tests against a copy of a migrated
// template database per file (tests/postgres/template-database.ts).
const postgresPass = process.env.VITEST_POSTGRES === "1";

const UNIT_TESTS = "tests/unit";
const testFiles = readdirSync(UNIT_TESTS, { recursive: true, encoding: "utf8" })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.posix.join(UNIT_TESTS, file.split(path.sep).join("/")));
const sources = new Map(testFiles.map((file) => [file, readFileSync(file, "utf8")]));
const filesWhere = (test: (source: string) => boolean) =>
  testFiles.filter((file) => test(sources.get(file) ?? ""));
// A file that replaces a module (vi.mock) runs in a process of its own: vitest keeps a worker's
// module replacements from one file to the next (docs/decisions/0099).
const replacesModules = filesWhere((source) => /\bvi\.(do)?[mM]ock\(/.test(source));
// The browser-like files share workers of their own: packages that look for a DOM when first
// imported (react-dom) must be first imported in one.
const inJsdom = filesWhere((source) => source.includes("@vitest-environment jsdom")).filter(
  (file) => !replacesModules.includes(file),
);

// The root's (its global setup migrates the template) and each project's.
const resolve = {
  alias: {
    "~": fileURLToPath(new URL("./app", import.meta.url)),
    "~db": fileURLToPath(new URL("./db", import.meta.url)),
  },
};

function unitProject(
  name: string,
  isolate: boolean,
  files: { include: string[]; exclude?: string[] },
) {
  return {
    resolve,
    test: {
      name,
      ...files,
      isolate,
      environment: "node",
      // Each test file's own database, environment and fresh app modules (tests/unit/setup.ts).
      setupFiles: ["tests/unit/setup.ts"],
      pool: "forks",
      // Hang guards, not speed checks: on a shared 2-core machine with a worker per core, a worker
      // thread loading its TypeScript through tsx (the sync's) or a cold import takes seconds.
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // Password hashing at a test-only lower cost (app/services/auth/passwords.server.ts refuses it
      // outside vitest); tests/unit/services/passwords.test.ts hashes at the production cost.
      // The request log and the jobs' lines (pino, straight to stdout) stay out of the test output;
      // a test that reads the log captures it (tests/unit/lib/observability.test.ts).
      env: { PASSWORD_HASH_TEST_LOG2_N: "10", LOG_LEVEL: "silent" },
    },
  } satisfies TestProjectInlineConfiguration;
}

export default defineConfig({
  resolve,
  test: {
    // Each test file's SQLite database is a copy of one migrated template (tests/unit/setup.ts).
    globalSetup: [
      "tests/sqlite-template-database.ts",
      ...(postgresPass ? ["tests/postgres/template-database.ts"] : []),
    ],
    projects: [
      // A worker runs its files one after another in one process (docs/decisions/0099): the
      // packages are imported once per worker instead of once per file; tests/unit/setup.ts gives
      // each file fresh app modules, environment and database.
      unitProject("unit", false, { include: testFiles, exclude: [...replacesModules, ...inJsdom] }),
      unitProject("unit (jsdom)", false, { include: inJsdom }),
      unitProject("unit (own process)", true, { include: replacesModules }),
    ],
    // vitest's default leaves one core idle (cores - 1: one worker on a 2-core machine). Workers
    // share no state: each file has its own database (tests/unit/setup.ts), each server its port.
    maxWorkers: "100%",
    // What the code under test prints with console.* is shown for a failing test only (a setting
    // of the run, not of a project).
    silent: "passed-only",
  },
});
