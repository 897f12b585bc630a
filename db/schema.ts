import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/**
 * Instants are ISO-8601 UTC text (docs/decisions/0003-time-and-money.md); booleans are 0/1 integers
 * because SQLite has no boolean type.
 */
type Instant = string;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  password_hash: string;
  is_admin: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Instant, Instant, never>;
}

/** One row per sign-in; only the SHA-256 of the cookie's random token is stored. */
export interface SessionsTable {
  id: string;
  user_id: number;
  token_hash: string;
  user_agent: string;
  ip: string;
  created_at: ColumnType<Instant, Instant, never>;
  last_active_at: Instant;
  /** Absolute expiry: the session ends then however active it is. */
  expires_at: ColumnType<Instant, Instant, never>;
  /** Idle expiry: pushed forward on activity, never past expires_at. */
  idle_expires_at: Instant;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
