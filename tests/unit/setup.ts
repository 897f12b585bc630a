// Runs before each test file. A worker runs many files one after another (vitest.config.ts,
// `isolate: false`): the packages (React, Remix, kysely...) are imported once per worker, and this
// file gives each test file what a process of its own would: the environment the worker started
// with, a fresh copy of the app's own modules (so their state, the database handle, caches, buses,
// config, starts anew), its own throwaway database and a cookie secret, set before any app module
// reads them: a copy of the migrated SQLite template (tests/sqlite-template-database.ts), and on
// the PostgreSQL pass (tests/postgres/template-database.ts) a fresh copy of the migrated template
// database too.
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject, vi } from "vitest";

const worker = globalThis as { unitTestWorkerEnv?: NodeJS.ProcessEnv };
if (worker.unitTestWorkerEnv) {
  // A file's changes to process.env end with it.
  for (const name of Object.keys(process.env)) {
    if (!(name in worker.unitTestWorkerEnv)) delete process.env[name];
  }
  Object.assign(process.env, worker.unitTestWorkerEnv);
} else {
  worker.unitTestWorkerEnv = { ...process.env };
}
// The modules the previous file evaluated through vitest (the app's, the tests'): this file's
// imports evaluate them again. Packages are loaded by Node itself and kept.
vi.resetModules();

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
