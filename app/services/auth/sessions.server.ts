import { createHash, randomBytes } from "node:crypto";
import type { InferResult, SelectQueryBuilder, Simplify } from "kysely";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "~/domain/session-lifetime";
import { utcDay } from "~/domain/time";
import { planOnce } from "~db";
import type { Database } from "~db/schema";
import { sessionCookie } from "~/http/cookies.server";
import { eventBus } from "~/server/domain-event-bus.server";
import { noteRequestUser } from "~/server/requests-in-flight.server";
import { db } from "~/services/db.server";

const MINUTE = 60_000;
/** Activity is written at most this often, so that page views do not each cost a write. */
const TOUCH_EVERY_MS = MINUTE;
/** Expired rows deleted per statement by the purge: each write stays short, requests go between. */
export const PURGE_BATCH_SIZE = 500;

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
  return (await findRequestSession(request, (query) => query, now))?.user ?? null;
}

/**
 * findRequestUser, with more columns read in the session's own statement: `columns` adds them to
 * the query of the live session (sessions joined to users), where `users.id` is the user's id. A
 * page's per-user figures then cost no second round trip to the database.
 */
export async function findRequestSession<Row extends LiveSessionRow>(
  request: Request,
  columns: (query: LiveSessionQuery) => SelectQueryBuilder<Database, "sessions" | "users", Row>,
  now: Date = new Date(),
): Promise<FoundSession<Row> | null> {
  const token = await sessionToken({
    authorization: request.headers.get("Authorization"),
    cookie: request.headers.get("Cookie"),
  });
  const found = token === null ? null : await findSessionByToken(token, columns, now);
  // The request's log line names its user (app/server/requests-in-flight.server.ts).
  if (found) noteRequestUser(request, found.user.userId);
  return found;
}

/** findRequestUser from the two headers alone (a websocket upgrade is no fetch Request). */
export async function findSessionUserByHeaders(
  headers: { authorization: string | null | undefined; cookie: string | null | undefined },
  now: Date = new Date(),
): Promise<SessionUser | null> {
  const token = await sessionToken(headers);
  return token === null ? null : findSessionUserByToken(token, now);
}

/** The session token a request carries: its Bearer header's, else its session cookie's. */
async function sessionToken(headers: {
  authorization: string | null | undefined;
  cookie: string | null | undefined;
}): Promise<string | null> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? "");
  if (bearer?.[1]) return bearer[1];
  const token: unknown = await sessionCookie.parse(headers.cookie ?? null);
  return typeof token === "string" ? token : null;
}

/** The live session of a token and its user (not disabled), as of `instant`. */
function liveSessionQuery(token: string, instant: string) {
  return (
    db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select([
        "sessions.id as sessionId",
        "sessions.last_active_at",
        "sessions.expires_at",
        "users.id as userId",
        "users.username",
        "users.is_admin",
      ])
      .where("sessions.token_hash", "=", hashSessionToken(token))
      .where("sessions.expires_at", ">", instant)
      .where("sessions.idle_expires_at", ">", instant)
      // Disabling an account ends its sessions; this keeps any that outlived that from counting.
      .where("users.disabled_at", "is", null)
  );
}

/** The statement that reads a live session, to which findRequestSession's callers add columns. */
export type LiveSessionQuery = ReturnType<typeof liveSessionQuery>;
type LiveSessionRow = InferResult<LiveSessionQuery>[number];
/** A live session: its user, and the row its statement read (with any columns added to it). */
interface FoundSession<Row> {
  user: SessionUser;
  row: Simplify<Row>;
}

async function findSessionUserByToken(token: string, now: Date): Promise<SessionUser | null> {
  return (await findSessionByToken(token, (query) => query, now))?.user ?? null;
}

async function findSessionByToken<Row extends LiveSessionRow>(
  token: string,
  columns: (query: LiveSessionQuery) => SelectQueryBuilder<Database, "sessions" | "users", Row>,
  now: Date,
): Promise<FoundSession<Row> | null> {
  if (token === "") return null;
  // Every signed-in request runs this statement: planned once per connection (docs/decisions/0098).
  const query = columns(liveSessionQuery(token, now.toISOString()));
  const [row] = (await db.executeQuery(planOnce(query.compile()))).rows;
  if (!row) return null;
  // The first use of a session on a new UTC day also counts its user as active that day.
  const newDay = utcDay(row.last_active_at) !== utcDay(now);
  if (newDay || now.getTime() - Date.parse(row.last_active_at) >= TOUCH_EVERY_MS) {
    await touchSession(row.sessionId, row.expires_at, now);
  }
  if (newDay) await recordActiveDay(row.userId, now);
  const user = {
    sessionId: row.sessionId,
    userId: row.userId,
    username: row.username,
    isAdmin: row.is_admin === 1,
  };
  return { user, row };
}

/** Records activity: pushes the idle expiry forward, never past the absolute expiry. */
async function touchSession(sessionId: string, expiresAt: string, now: Date): Promise<void> {
  const idleExpiry = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, Date.parse(expiresAt)));
  await db
    .updateTable("sessions")
    .set({ last_active_at: now.toISOString(), idle_expires_at: idleExpiry.toISOString() })
    .where("id", "=", sessionId)
    .execute();
}

/**
 * Counts the user as active on `now`'s UTC day (the admin analytics' daily active users); a second
 * call the same day changes nothing.
 */
async function recordActiveDay(userId: number, now: Date): Promise<void> {
  await db
    .insertInto("user_activity_days")
    .values({ day: utcDay(now), user_id: userId })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

export interface NewSessionInput {
  userId: number;
  userAgent: string;
  ip: string;
}

/** A new session row (one per sign-in); returns the token the client keeps. */
export async function createSession(input: NewSessionInput, now: Date = new Date()) {
  const token = randomBytes(32).toString("base64url");
  const instant = now.toISOString();
  await db
    .insertInto("sessions")
    .values({
      id: randomBytes(16).toString("hex"),
      user_id: input.userId,
      token_hash: hashSessionToken(token),
      // Headers are the client's to write: keep what is stored bounded.
      user_agent: input.userAgent.slice(0, 512),
      ip: input.ip.slice(0, 64),
      created_at: instant,
      last_active_at: instant,
      expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
      idle_expires_at: new Date(now.getTime() + SESSION_IDLE_MS).toISOString(),
    })
    .execute();
  await recordActiveDay(input.userId, now);
  return token;
}

/** The Set-Cookie header that gives the browser its session token. */
export function sessionCookieHeader(token: string): Promise<string> {
  return sessionCookie.serialize(token);
}

/** The Set-Cookie header that removes the session cookie. */
export function clearedSessionCookieHeader(): Promise<string> {
  return sessionCookie.serialize("", { maxAge: 0 });
}

export interface SessionSummary {
  id: string;
  userAgent: string;
  createdAt: string;
  lastActive: string;
}

/** A user's live sessions, most recently active first. */
export async function listSessions(
  userId: number,
  now: Date = new Date(),
): Promise<SessionSummary[]> {
  const instant = now.toISOString();
  return db
    .selectFrom("sessions")
    .select([
      "id",
      "user_agent as userAgent",
      "created_at as createdAt",
      "last_active_at as lastActive",
    ])
    .where("user_id", "=", userId)
    .where("expires_at", ">", instant)
    .where("idle_expires_at", ">", instant)
    .orderBy("last_active_at", "desc")
    .orderBy("created_at", "desc")
    .execute();
}

/** Ends one of the user's own sessions; false when the user has no such session. */
export async function endSession(userId: number, sessionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("sessions")
    .where("id", "=", sessionId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const ended = result.numDeletedRows > 0n;
  if (ended) await eventBus.publish("sessions.ended", { sessionIds: [sessionId] });
  return ended;
}

/**
 * Ends the session a request carries (cookie or Bearer), its row and its sockets, as signing out
 * does; false when it carries no live session.
 */
export async function endRequestSession(request: Request): Promise<boolean> {
  const user = await findRequestUser(request);
  return user ? endSession(user.userId, user.sessionId) : false;
}

/**
 * Deletes the sessions past their absolute or idle expiry (and closes their sockets), in batches
 * of `batchSize` with a turn of the event loop between them; returns how many were deleted.
 */
export async function purgeExpiredSessions(
  now: Date = new Date(),
  { batchSize = PURGE_BATCH_SIZE } = {},
): Promise<number> {
  const instant = now.toISOString();
  let purged = 0;
  for (;;) {
    const batch = await db
      .deleteFrom("sessions")
      .where("id", "in", (eb) =>
        eb
          .selectFrom("sessions")
          .select("id")
          .where((expired) =>
            expired.or([
              expired("expires_at", "<=", instant),
              expired("idle_expires_at", "<=", instant),
            ]),
          )
          .limit(batchSize),
      )
      .returning("id")
      .execute();
    purged += batch.length;
    if (batch.length > 0) {
      await eventBus.publish("sessions.ended", { sessionIds: batch.map((row) => row.id) });
    }
    if (batch.length < batchSize) return purged;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Ends every session of the user except the one asking; returns how many ended. */
export function endOtherSessions(userId: number, keepSessionId: string): Promise<number> {
  return endUserSessions(userId, keepSessionId);
}

/**
 * Ends every session of the user (but `keepSessionId`, if given), their rows and their sockets;
 * returns how many ended.
 */
export async function endUserSessions(userId: number, keepSessionId?: string): Promise<number> {
  const ended = await db
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .$if(keepSessionId !== undefined, (q) => q.where("id", "!=", keepSessionId ?? ""))
    .returning("id")
    .execute();
  if (ended.length > 0) {
    await eventBus.publish("sessions.ended", { sessionIds: ended.map((row) => row.id) });
  }
  return ended.length;
}
