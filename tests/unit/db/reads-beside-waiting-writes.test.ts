import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, withSqliteConnection, writeTurn } from "~db";
import type { Database } from "~db";
import type { Kysely } from "kysely";

/** `promise`'s value, or "waiting" if it has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms = 500): Promise<T | "waiting"> {
  return Promise.race([promise, new Promise<"waiting">((r) => setTimeout(() => r("waiting"), ms))]);
}

/** The write turn taken as the sync worker thread takes it around a store transaction. */
function holdTurnAsWorker() {
  // Not `takeBlocking`: a turn left taken by a failed test would block this thread for good.
  const state = new Int32Array(writeTurn().shared);
  if (Atomics.compareExchange(state, 0, 0, 2) !== 0) throw new Error("the write turn is taken");
}

const count = async (db: Kysely<Database>) =>
  (await sql<{ n: number }>`select count(*) as n from notes`.execute(db)).rows[0]?.n;

// While the sync worker thread holds the write turn (docs/decisions/0019), a write of the server's
// thread waits for it; the server's reads must not wait behind that write.
describe("SQLite reads beside a write waiting for the worker's turn", () => {
  let db: Kysely<Database>;

  beforeEach(async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "goatedvips-turn-"));
    db = openDatabase(path.join(folder, "db.sqlite"));
    await sql`create table notes (text text not null)`.execute(db);
  });

  afterEach(async () => {
    await db.destroy();
  });

  it("answers a read while a single write waits, then stores the write once the turn is free", async () => {
    holdTurnAsWorker();
    const write = sql`insert into notes (text) values ('waited')`.execute(db);
    try {
      expect(await within(count(db))).toBe(0);
      expect(await within(write, 100)).toBe("waiting");
    } finally {
      writeTurn().release();
    }
    await write;
    expect(await count(db)).toBe(1);
  });

  it("answers a read while a transaction waits for its start", async () => {
    holdTurnAsWorker();
    const transaction = db.transaction().execute(async (trx) => {
      await sql`insert into notes (text) values ('one')`.execute(trx);
      await sql`insert into notes (text) values ('two')`.execute(trx);
    });
    try {
      expect(await within(count(db))).toBe(0);
    } finally {
      writeTurn().release();
    }
    await transaction;
    expect(await count(db)).toBe(2);
  });

  it("lets a held connection that writes and single writes all finish, none waiting on another", async () => {
    holdTurnAsWorker();
    const singles = ["one", "two"].map((text) =>
      sql`insert into notes (text) values (${text})`.execute(db),
    );
    const held = db.connection().execute(async (connection) => {
      await count(connection);
      await sql`insert into notes (text) values ('held')`.execute(connection);
      await sql`insert into notes (text) values ('held again')`.execute(connection);
    });
    writeTurn().release();
    expect(await within(Promise.all([...singles, held]), 2_000)).not.toBe("waiting");
    expect(await count(db)).toBe(4);
    // The turn is free again: the worker could take it.
    expect(Atomics.load(new Int32Array(writeTurn().shared), 0)).toBe(0);
  });

  it("runs statements on the better-sqlite3 connection only when no transaction is open", async () => {
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await sql`insert into notes (text) values ('in a transaction')`.execute(trx);
      await finished;
    });
    // The transaction has begun: its first statement ran.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const seen = withSqliteConnection(db, (sqlite) => sqlite.inTransaction);
    expect(await within(seen, 100)).toBe("waiting");
    finish();
    await transaction;
    expect(await seen).toBe(false);
  });
});
