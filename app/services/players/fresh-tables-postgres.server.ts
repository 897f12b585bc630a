import { sql } from "kysely";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~db";

// A first store on PostgreSQL fills copies of its tables that have no index, builds their indexes
// on two connections, then puts them in the tables' place with their indexes, constraints and
// triggers in one short transaction (docs/decisions/0101, 0107).

type StoreTable = "players" | "wager_snapshots";

/** A table's indexless copy, filled under `name` and put in the table's place by `swapIn`. */
export interface FreshTable {
  name: string;
  /**
   * The statements that build the table's keys and indexes on the copy, each on its own (two
   * connections run them side by side): before the swap, while readers still read the table.
   */
  builds: string[];
  /** Drops the table and renames the copy, its indexes, constraints and sequences to its names. */
  swapIn(trx: Transaction<Database>): Promise<void>;
}

/**
 * The name of `table`'s copy. A store killed before its swap leaves the copies behind, committed
 * and read by no one: the next first store drops them (freshTable).
 */
export const freshName = (table: StoreTable) => `${table}_fresh`;

/**
 * An empty copy of `table` (columns, defaults, checks, identity) without its indexes, committed
 * so that two connections can fill and index it: rows go in without index upkeep, and the indexes
 * are then built once from the whole table, a fraction of the cost of 100,000 index insertions.
 * What the table has besides its columns is read from the catalogue, so a migration that adds an
 * index or a trigger needs nothing here. Autovacuum leaves the copy alone until the swap (a
 * vacuum of it would hold up the swap's lock).
 */
export async function freshTable(
  database: Kysely<Database>,
  table: StoreTable,
): Promise<FreshTable> {
  const fresh = freshName(table);
  const renamed = (name: string) => `${name}_fresh`.slice(-63);
  await sql`DROP TABLE IF EXISTS ${sql.table(fresh)}`.execute(database);
  await sql`CREATE TABLE ${sql.table(fresh)} (LIKE ${sql.table(table)} INCLUDING ALL EXCLUDING INDEXES)
    WITH (autovacuum_enabled = false)`.execute(database);
  const copyId = await relationId(database, fresh);
  const { rows: indexes } = await sql<{ name: string; definition: string; isUnique: boolean }>`
    SELECT index.relname AS name, pg_get_indexdef(i.indexrelid) AS definition,
      i.indisunique AS "isUnique"
    FROM pg_index i JOIN pg_class index ON index.oid = i.indexrelid
    WHERE i.indrelid = ${table}::regclass
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid
                      AND c.conrelid = i.indrelid AND c.contype IN ('p', 'u', 'x'))`.execute(
    database,
  );
  // Keys and exclusions are built with the indexes; foreign keys are added after the swap, so
  // that they name the tables then in place. A key (not deferrable) is built as its unique index,
  // which does not lock out the other connection's builds on the table as `ADD CONSTRAINT` does,
  // and becomes the key in the swap (`ADD CONSTRAINT ... USING INDEX`).
  const { rows: constraints } = await sql<{
    name: string;
    definition: string;
    kind: string;
    index: string | null;
  }>`
    SELECT conname AS name, pg_get_constraintdef(oid) AS definition, contype AS kind,
      CASE WHEN contype IN ('p', 'u') AND NOT condeferrable THEN pg_get_indexdef(conindid) END
        AS index
    FROM pg_constraint WHERE conrelid = ${table}::regclass AND contype IN ('p', 'u', 'x', 'f')`.execute(
    database,
  );
  const { rows: triggers } = await sql<{ definition: string }>`
    SELECT pg_get_triggerdef(oid) AS definition FROM pg_trigger
    WHERE tgrelid = ${table}::regclass AND NOT tgisinternal`.execute(database);
  const { rows: options } = await sql<{ options: string[] | null }>`
    SELECT reloptions AS options FROM pg_class WHERE oid = ${table}::regclass`.execute(database);
  // Identity columns get a sequence of their own, which goes on from the table's.
  const { rows: sequences } = await sql<{ name: string; freshName: string }>`
    SELECT pg_get_serial_sequence(${table}, attname) AS name,
      pg_get_serial_sequence(${fresh}, attname) AS "freshName"
    FROM pg_attribute WHERE attrelid = ${table}::regclass AND attidentity <> ''`.execute(database);
  for (const { name, freshName } of sequences) {
    await sql`SELECT setval(${freshName}, coalesce(pg_sequence_last_value(${name}), 0) + 1, false)`.execute(
      database,
    );
  }
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  // pg_get_indexdef: CREATE [UNIQUE] INDEX name ON table USING method (...) [WHERE ...]
  const createIndex = (name: string, definition: string, isUnique: boolean) => {
    const method = definition.slice(definition.indexOf(" USING ") + 1);
    const unique = isUnique ? "UNIQUE " : "";
    return `CREATE ${unique}INDEX ${quoted(renamed(name))} ON ${quoted(fresh)} ${method}`;
  };
  const builds = [
    ...constraints
      .filter(({ kind }) => kind !== FOREIGN_KEY)
      .map(({ name, definition, index }) =>
        index
          ? createIndex(name, index, true)
          : `ALTER TABLE ${quoted(fresh)} ADD CONSTRAINT ${quoted(renamed(name))} ${definition}`,
      ),
    ...indexes.map(({ name, definition, isUnique }) => createIndex(name, definition, isUnique)),
  ];
  return {
    name: fresh,
    builds,
    async swapIn(trx) {
      // The copy this store filled, not one another store (a `npm run sync` beside the server's)
      // dropped and made again under the same name: locked first, so its name stays its own.
      await sql`LOCK TABLE ${sql.table(fresh)} IN ACCESS EXCLUSIVE MODE`.execute(trx);
      if ((await relationId(trx, fresh)) !== copyId) {
        throw new Error(`${fresh} was replaced by another store: nothing swapped in`);
      }
      await sql`DROP TABLE ${sql.table(table)}`.execute(trx);
      await sql`ALTER TABLE ${sql.table(fresh)} RENAME TO ${sql.table(table)}`.execute(trx);
      // The table's own storage options, autovacuum's switch among them.
      await sql`ALTER TABLE ${sql.table(table)} RESET (autovacuum_enabled)`.execute(trx);
      const [{ options: own = null } = {}] = options;
      if (own && own.length > 0) {
        await sql`ALTER TABLE ${sql.table(table)} SET (${sql.raw(own.join(", "))})`.execute(trx);
      }
      for (const { name, freshName } of sequences) {
        const unqualified = name.slice(name.lastIndexOf(".") + 1);
        await sql`ALTER SEQUENCE ${sql.raw(freshName)} RENAME TO ${sql.raw(unqualified)}`.execute(
          trx,
        );
      }
      for (const { name, definition, kind, index } of constraints) {
        if (index) {
          const key = kind === PRIMARY_KEY ? "PRIMARY KEY" : "UNIQUE";
          await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(name)} ${sql.raw(key)} USING INDEX ${sql.id(renamed(name))}`.execute(
            trx,
          );
        } else if (kind !== FOREIGN_KEY) {
          await sql`ALTER TABLE ${sql.table(table)} RENAME CONSTRAINT ${sql.id(renamed(name))} TO ${sql.id(name)}`.execute(
            trx,
          );
        } else {
          await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(name)} ${sql.raw(definition)}`.execute(
            trx,
          );
        }
      }
      for (const { name } of indexes) {
        await sql`ALTER INDEX ${sql.id(renamed(name))} RENAME TO ${sql.id(name)}`.execute(trx);
      }
      for (const { definition } of triggers) await sql.raw(definition).execute(trx);
    },
  };
}

/**
 * Runs the builds of `tables` on `connections` side by side, each connection taking the next
 * build once its last is done, the others' methods (GIN: the trigram index, the longest) before
 * B-trees. One process builds each index: parallel workers cost a third more of the server's CPU
 * (measured under load, 0101) where two connections already keep two cores busy.
 */
export async function buildIndexes(
  tables: FreshTable[],
  connections: Kysely<Database>[],
): Promise<void> {
  const queue = tables
    .flatMap((table) => table.builds)
    .sort((a, b) => Number(isBtree(a)) - Number(isBtree(b)));
  let failed = false;
  const built = await Promise.allSettled(
    connections.map(async (connection) => {
      await sql`SET max_parallel_maintenance_workers = 0`.execute(connection);
      try {
        for (let build = queue.shift(); build && !failed; build = queue.shift()) {
          await sql.raw(build).execute(connection);
        }
      } catch (error) {
        // The other connection starts nothing more; its build in progress ends first.
        failed = true;
        throw error;
      } finally {
        await sql`RESET max_parallel_maintenance_workers`.execute(connection);
      }
    }),
  );
  // Settled, so that no build still runs on a connection handed back to the pool.
  for (const outcome of built) if (outcome.status === "rejected") throw outcome.reason;
}

/** Whether a build makes a B-tree (keys, and indexes `USING btree`). */
const isBtree = (build: string) => !build.includes(" USING ") || build.includes(" USING btree ");

/** The OID of the table named `name`. */
async function relationId(database: Kysely<Database>, name: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`SELECT ${name}::regclass::oid::integer AS id`.execute(
    database,
  );
  return rows[0]!.id;
}

/** Drops the copies a store leaves when it fails before its swap (nothing if it swapped). */
export async function dropFreshTables(database: Kysely<Database>): Promise<void> {
  for (const table of ["players", "wager_snapshots"] as const) {
    await sql`DROP TABLE IF EXISTS ${sql.table(freshName(table))}`.execute(database);
  }
}

/** pg_constraint.contype of a foreign key (the others taken here are built with an index). */
const FOREIGN_KEY = "f";
/** pg_constraint.contype of a primary key. */
const PRIMARY_KEY = "p";
