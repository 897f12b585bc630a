import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase, sqliteConnection } from "~db";

describe("openDatabase", () => {
  it("keeps temporary files (statement journals of the sync's upserts) in memory, not on disk", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "goatedvips-open-")), "db.sqlite");
    const db = openDatabase(file);
    try {
      // 2 is MEMORY; the default 0 put a journal file under /var/tmp for every large store.
      expect(sqliteConnection(db).pragma("temp_store", { simple: true })).toBe(2);
      expect(sqliteConnection(db).pragma("journal_mode", { simple: true })).toBe("wal");
    } finally {
      await db.destroy();
    }
  });
});
