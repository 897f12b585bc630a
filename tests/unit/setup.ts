// Every test file gets its own throwaway SQLite file and a cookie secret, set before any app module
// reads them.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

process.env.DATABASE_PATH = path.join(
  mkdtempSync(path.join(tmpdir(), "goatedvips-unit-")),
  "test.sqlite",
);
process.env.SESSION_SECRET = "unit-test-secret-that-is-long-enough-to-sign";
