import { sql } from "kysely";
import type { Transaction } from "kysely";
import type { Database } from "~db";

// A first store on PostgreSQL fills copies of its tables that have no index, then puts them in
// the tables' place with their indexes, constraints and triggers (docs/decisions/0101).

type StoreTable = "players" | "wager_snapshots";

/** A table's indexless copy, filled under `name` and put in the table's place by `swapIn`. */
export interface FreshTable {
  name: string;
  /** Builds the table's indexes on the copy (before the swap: readers still read the table). */
  index(): Promise<void>;
  /** Drops the table and renames the copy, its indexes, constraints and sequences to its names. */
  swapIn(): Promise<void>;
}

/**
 * An empty copy of `table` (columns, defaults, checks, identity) without its indexes, in `trx`:
 * rows go in without index upkeep, and the indexes are then built once from the whole table, a
 * fraction of the cost of 100,000 index insertions. What the table has besides its columns is read
 * from the catalogue, so a migration that adds an index or a trigger needs nothing here.
 */
export async function freshTable(
  trx: Transaction<Database>,
  table: StoreTable,
): Promise<FreshTable> {
  const fresh = `${table}_fresh`;
  const renamed = (name: string) => `${name}_fresh`.slice(-63);
  await sql`CREATE TABLE ${sql.table(fresh)} (LIKE ${sql.table(table)} INCLUDING ALL EXCLUDING INDEXES)`.execute(
    trx,
  );
  const { rows: indexes } = await sql<{ name: string; definition: string; isUnique: boolean }>`
    SELECT index.relname AS name, pg_get_indexdef(i.indexrelid) AS definition,
      i.indisunique AS "isUnique"
    FROM pg_index i JOIN pg_class index ON index.oid = i.indexrelid
    WHERE i.indrelid = ${table}::regclass
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid
                      AND c.conrelid = i.indrelid AND c.contype IN ('p', 'u', 'x'))`.execute(trx);
  // Keys and exclusions are built with the indexes; foreign keys are added after the swap, so
  // that they name the tables then in place.
  const { rows: constraints } = await sql<{ name: string; definition: string; kind: string }>`
    SELECT conname AS name, pg_get_constraintdef(oid) AS definition, contype AS kind
    FROM pg_constraint WHERE conrelid = ${table}::regclass AND contype IN ('p', 'u', 'x', 'f')`.execute(
    trx,
  );
  const { rows: triggers } = await sql<{ definition: string }>`
    SELECT pg_get_triggerdef(oid) AS definition FROM pg_trigger
    WHERE tgrelid = ${table}::regclass AND NOT tgisinternal`.execute(trx);
  // Identity columns get a sequence of their own, which goes on from the table's.
  const { rows: sequences } = await sql<{ name: string; freshName: string }>`
    SELECT pg_get_serial_sequence(${table}, attname) AS name,
      pg_get_serial_sequence(${fresh}, attname) AS "freshName"
    FROM pg_attribute WHERE attrelid = ${table}::regclass AND attidentity <> ''`.execute(trx);
  for (const { name, freshName } of sequences) {
    await sql`SELECT setval(${freshName}, coalesce(pg_sequence_last_value(${name}), 0) + 1, false)`.execute(
      trx,
    );
  }
  return {
    name: fresh,
    async index() {
      // One process builds each index: parallel workers cost a third more of the server's CPU
      // (measured under load) to save part of a few hundred milliseconds on two cores.
      await sql`SET LOCAL max_parallel_maintenance_workers = 0`.execute(trx);
      for (const { name, definition, kind } of constraints) {
        if (kind === FOREIGN_KEY) continue;
        await sql`ALTER TABLE ${sql.table(fresh)} ADD CONSTRAINT ${sql.id(renamed(name))} ${sql.raw(definition)}`.execute(
          trx,
        );
      }
      for (const { name, definition, isUnique } of indexes) {
        // pg_get_indexdef: CREATE [UNIQUE] INDEX name ON table USING method (...) [WHERE ...]
        const method = definition.slice(definition.indexOf(" USING ") + 1);
        await sql`CREATE ${sql.raw(isUnique ? "UNIQUE " : "")}INDEX ${sql.id(renamed(name))}
          ON ${sql.table(fresh)} ${sql.raw(method)}`.execute(trx);
      }
    },
    async swapIn() {
      await sql`DROP TABLE ${sql.table(table)}`.execute(trx);
      await sql`ALTER TABLE ${sql.table(fresh)} RENAME TO ${sql.table(table)}`.execute(trx);
      for (const { name, freshName } of sequences) {
        const unqualified = name.slice(name.lastIndexOf(".") + 1);
        await sql`ALTER SEQUENCE ${sql.raw(freshName)} RENAME TO ${sql.raw(unqualified)}`.execute(
          trx,
        );
      }
      for (const { name, definition, kind } of constraints) {
        if (kind !== FOREIGN_KEY) {
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

/** pg_constraint.contype of a foreign key (the others taken here are built with an index). */
const FOREIGN_KEY = "f";
