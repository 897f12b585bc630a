import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The PostgreSQL pass (tests/run-all.sh): the dialect's tests against a copy of a migrated
// template database per file (tests/postgres/template-database.ts).
const postgresPass = process.env.VITEST_POSTGRES === "1";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "~db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["tests/unit/setup.ts"],
    // Each test file's SQLite database is a copy of one migrated template (tests/unit/setup.ts).
    globalSetup: [
      "tests/sqlite-template-database.ts",
      ...(postgresPass ? ["tests/postgres/template-database.ts"] : []),
    ],
    pool: "forks",
    // vitest's default leaves one core idle (cores - 1: one worker on a 2-core machine). Test files
    // share no state: each has its own database (tests/unit/setup.ts), each server its own port.
    maxWorkers: "100%",
    // Hang guards, not speed checks: on a shared 2-core machine with a worker per core, a worker
    // thread loading its TypeScript through tsx (the sync's) or a cold import takes seconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Password hashing at a test-only lower cost (app/services/auth/passwords.server.ts refuses it
    // outside vitest); tests/unit/services/passwords.test.ts hashes at the production cost.
    // The request log and the jobs' lines (pino, straight to stdout) stay out of the test output;
    // a test that reads the log captures it (tests/unit/lib/observability.test.ts).
    env: { PASSWORD_HASH_TEST_LOG2_N: "10", LOG_LEVEL: "silent" },
    // What the code under test prints with console.* is shown for a failing test only.
    silent: "passed-only",
  },
});
