// Every test file gets its own throwaway database and a cookie secret, set before any app module
// reads them: a copy of the migrated SQLite template (tests/sqlite-template-database.ts), and on
// the PostgreSQL pass (tests/postgres/template-database.ts) a fresh copy of the migrated template
// database too.
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";

process.env.DATABASE_PATH = path.join(
  mkdtempSync(path.join(tmpdir(), "goatedvips-unit-")),
  "test.sqlite",
);
copyFileSync(inject("sqliteTemplatePath"), process.env.DATABASE_PATH);
// POSTGRES_PASS, read here without loading the database modules: most test files need none.
if (process.env.VITEST_POSTGRES === "1") {
  const { createTestDatabase } = await import("../postgres/template-database");
  process.env.DATABASE_URL = await createTestDatabase();
}
process.env.SESSION_SECRET = "unit-test-secret-that-is-long-enough-to-sign";
