import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The PostgreSQL pass (tests/run-all.sh): the same tests against a copy of a migrated template
// database per file (tests/postgres/template-database.ts).
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
    globalSetup: postgresPass ? ["tests/postgres/template-database.ts"] : [],
    pool: "forks",
    // Password hashing at a test-only lower cost (app/services/passwords.server.ts refuses it
    // outside vitest); tests/unit/services/passwords.test.ts hashes at the production cost.
    env: { PASSWORD_HASH_TEST_LOG2_N: "10" },
  },
});
