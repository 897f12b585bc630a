// Rows as the site itself leaves them, for unit tests (against their migrated SQLite file) and
// e2e tests (straight into the e2e server's database). Each factory takes the Kysely instance to
// write to and returns what a test needs to refer to the row; any column may be overridden.
import { createHash, randomBytes } from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import type { Database, NewSession, NewUser } from "~db/schema";
import { canonicalUsername } from "~/domain/usernames";

type Db = Kysely<Database>;
type NewPlayer = Insertable<Database["players"]>;
type NewRace = Insertable<Database["races"]>;

const DAY = 86_400_000;

/** The overrides a test gave: an option left undefined keeps the factory's default. */
function given<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** A name no other test uses: `prefix_` and 8 hex digits. */
export const uniqueName = (prefix: string) => `${prefix}_${randomBytes(4).toString("hex")}`;

/**
 * A member. The password hash is not a valid hash, so the account signs in only through a session
 * made by `insertSession` (tests of signing in create users through the users service instead).
 */
export async function insertUser(db: Db, fields: Partial<NewUser> = {}): Promise<number> {
  const username = fields.username ?? uniqueName("player");
  const row = await db
    .insertInto("users")
    .values({
      username_canonical: canonicalUsername(username),
      password_hash: "not-a-password",
      created_at: new Date().toISOString(),
      ...given(fields),
      username,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A live session of `userId` as a sign-in leaves it (30 days absolute, 7 idle, from `now`), with
 * the token its cookie or Bearer header carries. The row keeps the token's SHA-256, as
 * app/services/auth/sessions.server.ts does.
 */
export async function insertSession(
  db: Db,
  userId: number,
  { now = new Date(), ...fields }: Partial<NewSession> & { now?: Date } = {},
): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString("base64url");
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
  const id = fields.id ?? randomBytes(16).toString("hex");
  await db
    .insertInto("sessions")
    .values({
      user_id: userId,
      token_hash: createHash("sha256").update(token).digest("hex"),
      user_agent: "test",
      ip: "127.0.0.1",
      created_at: at(0),
      last_active_at: at(0),
      expires_at: at(30 * DAY),
      idle_expires_at: at(7 * DAY),
      ...given(fields),
      id,
    })
    .execute();
  return { id, token };
}

/**
 * A player as a sync leaves it, with a wager snapshot for each `[takenAt, allTime]` (race
 * standings come from the snapshots alone). all_time defaults to the last snapshot's total; the
 * period totals default to 0, which keeps the player off the leaderboards.
 */
export async function insertPlayer(
  db: Db,
  {
    snapshots = [],
    ...fields
  }: Partial<NewPlayer> & { snapshots?: Array<[takenAt: string, allTime: number]> } = {},
): Promise<string> {
  const uid = fields.uid ?? uniqueName("uid");
  const now = new Date().toISOString();
  await db
    .insertInto("players")
    .values({
      name: uid,
      today: 0,
      this_week: 0,
      this_month: 0,
      all_time: snapshots.at(-1)?.[1] ?? 0,
      updated_at: now,
      wager_changed_at: now,
      ...given(fields),
      uid,
    })
    .execute();
  if (snapshots.length) {
    await db
      .insertInto("wager_snapshots")
      .values(snapshots.map(([taken_at, all_time]) => ({ uid, taken_at, all_time })))
      .execute();
  }
  return uid;
}

/**
 * A live weekly race of $200 paying 50/30/20 between `start_date` and `end_date`, created by no
 * one; `results` are its frozen standings (for a completed race), positions in the order given.
 */
export async function insertRace(
  db: Db,
  {
    results = [],
    ...fields
  }: Partial<NewRace> &
    Pick<NewRace, "start_date" | "end_date"> & {
      results?: Array<{ uid: string; name: string; wager: number; prizeCents: number }>;
    },
): Promise<number> {
  const now = new Date().toISOString();
  const race = await db
    .insertInto("races")
    .values({
      title: "Test race",
      type: "weekly",
      status: "live",
      prize_pool_cents: 20_000,
      min_wager: 0,
      prize_distribution: JSON.stringify({ 1: 50, 2: 30, 3: 20 }),
      rules: null,
      description: null,
      created_at: now,
      created_by: null,
      updated_at: now,
      updated_by: null,
      ...given(fields),
      start_date: fields.start_date,
      end_date: fields.end_date,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (results.length) {
    await db
      .insertInto("race_results")
      .values(
        results.map((result, index) => ({
          race_id: race.id,
          position: index + 1,
          uid: result.uid,
          name: result.name,
          wager: result.wager,
          prize_cents: result.prizeCents,
        })),
      )
      .execute();
  }
  return race.id;
}

/**
 * A provider token as an admin's save leaves it (the newest one is the sync's); the token is
 * stored as given, so a test may store one the site would refuse.
 */
export async function insertProviderToken(
  db: Db,
  token: string,
  fields: Partial<Insertable<Database["provider_tokens"]>> = {},
): Promise<number> {
  const row = await db
    .insertInto("provider_tokens")
    .values({ created_at: new Date().toISOString(), ...given(fields), token })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
