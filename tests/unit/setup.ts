// Every test file gets its own throwaway database and a cookie secret, set before any app module
// reads them: a SQLite file, or on the PostgreSQL pass (tests/postgres/template-database.ts) a
// fresh copy of the migrated template database.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase, POSTGRES_PASS } from "../postgres/template-database";

process.env.DATABASE_PATH = path.join(
  mkdtempSync(path.join(tmpdir(), "goatedvips-unit-")),
  "test.sqlite",
);
if (POSTGRES_PASS) process.env.DATABASE_URL = await createTestDatabase();
process.env.SESSION_SECRET = "unit-test-secret-that-is-long-enough-to-sign";
