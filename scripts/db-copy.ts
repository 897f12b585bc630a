// `npm run db:copy -- --from data/goatedvips.sqlite --to $DATABASE_URL`: copies a SQLite database
// into an empty PostgreSQL database (docs/deploy/README.md, "From SQLite to PostgreSQL"). Exits 1,
// having written nothing, when the source or the target is refused.
import path from "node:path";
import { parseArgs } from "node:util";
import {
  databaseLabel,
  databasePathFromEnv,
  openPostgresDatabase,
  POSTGRES_URL_PATTERN,
} from "../db";
import {
  copySqliteToPostgres,
  CopyRefused,
  openSourceDatabase,
  TABLES_NOT_COPIED,
} from "../db/copy";

const { values } = parseArgs({
  options: { from: { type: "string" }, to: { type: "string" } },
});
const from = values.from ? path.resolve(values.from) : databasePathFromEnv();
const to = values.to ?? process.env.DATABASE_URL ?? "";
if (!POSTGRES_URL_PATTERN.test(to)) {
  console.error(
    "db:copy needs --to postgres://... (or DATABASE_URL): the PostgreSQL database to fill.",
  );
  process.exit(1);
}

let source;
try {
  source = openSourceDatabase(from);
} catch (error) {
  if (!(error instanceof CopyRefused)) throw error;
  console.error(error.message);
  process.exit(1);
}
const target = openPostgresDatabase(to, { max: 1 });
const label = databaseLabel({ ...process.env, DATABASE_URL: to });
try {
  const copied = await copySqliteToPostgres(source, target);
  const width = Math.max(...copied.map(({ table }) => table.length));
  for (const { table, rows } of copied) console.log(`${table.padEnd(width)}  ${rows}`);
  for (const { table, reason } of TABLES_NOT_COPIED)
    console.log(`${table.padEnd(width)}  not copied: ${reason}`);
  const total = copied.reduce((sum, { rows }) => sum + rows, 0);
  console.log(`Copied ${total} rows from ${from} to ${label}`);
} catch (error) {
  if (!(error instanceof CopyRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  source.close();
  await target.destroy();
}
