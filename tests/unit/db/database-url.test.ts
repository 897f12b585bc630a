import { describe, expect, it } from "vitest";
import { databaseLabel, openDatabaseFromEnv } from "~db";
import { databaseUrlFromEnv, readServerConfig } from "~/server/config.server";

// One reader of DATABASE_URL: the database, the server's config and the scripts agree on it.
/** This process's environment with `vars` set. */
const envWith = (vars: Record<string, string>): NodeJS.ProcessEnv => ({ ...process.env, ...vars });

describe("DATABASE_URL", () => {
  it("is refused by the database as by the server's config when it is not a PostgreSQL URL", () => {
    const env = envWith({ DATABASE_URL: "mysql://goatedvips@127.0.0.1/goatedvips" });
    const message = "DATABASE_URL must look like postgres://user:pass@host:5432/db";
    expect(() => readServerConfig(env)).toThrow(message);
    expect(() => databaseUrlFromEnv(env)).toThrow(message);
    expect(() => openDatabaseFromEnv(env)).toThrow(message);
  });

  it("left empty means the SQLite file, for the database as for the config", () => {
    const env = envWith({ DATABASE_URL: "", DATABASE_PATH: "/tmp/goatedvips-label.sqlite" });
    expect(databaseUrlFromEnv(env)).toBeNull();
    expect(readServerConfig(env).DATABASE_URL).toBeUndefined();
    expect(databaseLabel(env)).toBe("/tmp/goatedvips-label.sqlite");
  });

  it("is shown without its password", () => {
    const url = "postgresql://site:secret@db.internal:5432/goatedvips";
    const env = envWith({ DATABASE_URL: url });
    expect(databaseUrlFromEnv(env)).toBe(url);
    expect(databaseLabel(env)).toBe("postgresql://site:***@db.internal:5432/goatedvips");
  });
});
