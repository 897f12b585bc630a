import { createHash } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { servedOverHttps } from "~/lib/config.server";
import { db } from "./db.server";

/**
 * The session cookie carries only a random token; the database keeps its SHA-256, so a leaked
 * database does not leak usable sessions (docs/decisions/0002-sessions.md).
 */
export const sessionCookie = createCookie(servedOverHttps() ? "__Host-gv_session" : "gv_session", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: servedOverHttps(),
});

export interface SessionUser {
  sessionId: string;
  userId: number;
  username: string;
  isAdmin: boolean;
}

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The signed-in user behind a Cookie header, or null when there is no live session. */
export async function findSessionUser(
  cookieHeader: string | null | undefined,
  now: Date = new Date(),
): Promise<SessionUser | null> {
  const token: unknown = await sessionCookie.parse(cookieHeader ?? null);
  return typeof token === "string" ? findSessionUserByToken(token, now) : null;
}

/**
 * The signed-in user of a request: a `Bearer` session token (API clients, the admin API) or the
 * session cookie. A Bearer header that does not name a live session is not a fallback to the cookie.
 */
export async function findRequestUser(
  request: Request,
  now: Date = new Date(),
): Promise<SessionUser | null> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("Authorization") ?? "");
  if (bearer?.[1]) return findSessionUserByToken(bearer[1], now);
  return findSessionUser(request.headers.get("Cookie"), now);
}

async function findSessionUserByToken(token: string, now: Date): Promise<SessionUser | null> {
  if (token === "") return null;
  const instant = now.toISOString();
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["sessions.id as sessionId", "users.id as userId", "users.username", "users.is_admin"])
    .where("sessions.token_hash", "=", hashSessionToken(token))
    .where("sessions.expires_at", ">", instant)
    .where("sessions.idle_expires_at", ">", instant)
    .executeTakeFirst();
  if (!row) return null;
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    username: row.username,
    isAdmin: row.is_admin === 1,
  };
}
