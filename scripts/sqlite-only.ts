import { databaseUrlFromEnv } from "../app/lib/config.server";

const WHAT_IT_DOES = {
  backup:
    "backs up the SQLite file (DATABASE_PATH). Back PostgreSQL up on the database server (pg_dump",
  restore:
    "restores the SQLite file (DATABASE_PATH). Restore PostgreSQL on the database server (pg_restore",
};

/**
 * Backups and restores are of the SQLite file. With DATABASE_URL set the site's data is in
 * PostgreSQL, whose backups are the database server's job (docs/decisions/0037): the command
 * refuses, exiting 1, rather than act on a SQLite file the site does not use.
 */
export function refuseOnPostgres(command: keyof typeof WHAT_IT_DOES): void {
  if (!databaseUrlFromEnv()) return;
  console.error(
    `npm run ${command} refused: DATABASE_URL names a PostgreSQL database, and this command ${WHAT_IT_DOES[command]}, the host's snapshots).`,
  );
  process.exit(1);
}
