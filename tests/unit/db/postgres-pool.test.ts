import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openPostgresDatabase } from "~db";
import { createTestPostgresDatabase, postgresSkipReason } from "../../postgres/scratch-database";
import type { TestPostgresDatabase } from "../../postgres/scratch-database";

describe.skipIf(postgresSkipReason)(`the PostgreSQL pool ${postgresSkipReason ?? ""}`, () => {
  let database: TestPostgresDatabase;
  beforeAll(async () => {
    database = await createTestPostgresDatabase({ sharedTables: false });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("outlives an idle connection that PostgreSQL ends (a restart, a failover)", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const db = openPostgresDatabase(database.url, { max: 1 });
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      const pid = rows[0]?.pid;
      // Ended while idle in the pool: without a listener, an uncaught 'error' ends the process.
      await database.query("select pg_terminate_backend($1)", [pid]);
      await vi.waitFor(() => expect(quiet).toHaveBeenCalled());
      const again = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(again.rows).toEqual([{ one: 1 }]);
    } finally {
      await db.destroy();
      quiet.mockRestore();
    }
  });
});
