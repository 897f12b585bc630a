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
    // Password hashing at a test-only lower cost (app/services/passwords.server.ts refuses it
    // outside vitest); tests/unit/services/passwords.test.ts hashes at the production cost.
    env: { PASSWORD_HASH_TEST_LOG2_N: "10" },
  },
});
