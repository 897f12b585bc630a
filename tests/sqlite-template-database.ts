// vitest's global setup for SQLite: migrates one template database file, and every test file
// starts from a copy of it (tests/unit/setup.ts), as the PostgreSQL pass does with its template
// database (tests/postgres/template-database.ts): a copy takes a millisecond, the migrations
// from nothing a good part of a second on a loaded machine.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateToLatest, openDatabase } from "~db";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated SQLite file each test file's DATABASE_PATH starts as a copy of. */
    sqliteTemplatePath: string;
  }
}

export default async function createSqliteTemplate(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), "goatedvips-template-"));
  const file = path.join(folder, "template.sqlite");
  const db = openDatabase(file);
  try {
    await migrateToLatest(db);
  } finally {
    // Closing checkpoints the write-ahead log into the file: the file alone is the database.
    await db.destroy();
  }
  project.provide("sqliteTemplatePath", file);
  return () => rmSync(folder, { recursive: true, force: true });
}
