// The header's figures for a signed-in user (root loader), read in the session's own statement.
import { sql } from "kysely";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { migrateToLatest, openPostgresDatabase, planOnce } from "~db";
import { insertPlayer, insertSession, insertUser, uniqueName } from "../../factories";
import { db, dialect } from "~/services/db.server";
import { addNotifications } from "~/services/notifications/notifications.server";
import { requestShell } from "~/services/auth/shell-user.server";

let linked = "";
let unlinked = "";

beforeAll(async () => {
  await migrateToLatest(db);
  const uid = await insertPlayer(db, { all_time: 12_345.5 });
  const linkedId = await insertUser(db, { username: uniqueName("shellLinked"), goated_id: uid });
  const unlinkedId = await insertUser(db, { username: uniqueName("shellAlone") });
  const note = { kind: "announcement" as const, title: "t", message: "m" };
  await addNotifications(db, [
    { ...note, userId: linkedId },
    { ...note, userId: linkedId },
    { ...note, userId: unlinkedId },
  ]);
  linked = (await insertSession(db, linkedId)).token;
  unlinked = (await insertSession(db, unlinkedId)).token;
});

const shellOf = async (token: string, path = "/leaderboard") =>
  (
    await requestShell(
      new Request(`http://localhost${path}`, { headers: { Authorization: `Bearer ${token}` } }),
    )
  ).user;

describe("requestShell", () => {
  it("reads the linked player's total and the user's own unread notifications", async () =>
    expect(await shellOf(linked)).toMatchObject({
      totalWagered: 12_345.5,
      unreadNotifications: 2,
      supportUnread: 0,
    }));

  it("reads 0 for a user with no linked player, never another user's figures", async () =>
    expect(await shellOf(unlinked)).toMatchObject({ totalWagered: 0, unreadNotifications: 1 }));

  it("leaves out what the page shows in full (no dot on /bonus-codes, no count on /support)", async () => {
    expect(await shellOf(linked, "/bonus-codes")).toMatchObject({ newBonusCode: false });
    expect(await shellOf(linked, "/support")).toMatchObject({ supportUnread: 0 });
  });

  it("has no user for a token that names no live session", async () =>
    expect(await shellOf("not-a-session-token")).toBeNull());

  it("reads the session and the header's figures in one statement (one round trip)", async () => {
    const statements = vi.spyOn(db.getExecutor(), "executeQuery");
    try {
      expect(await shellOf(linked)).toMatchObject({ unreadNotifications: 2 });
      expect(statements).toHaveBeenCalledTimes(1);
    } finally {
      statements.mockRestore();
    }
  });

  // Planning it cost four times its execution (docs/decisions/0098). One request at a time here,
  // so the pool hands the next query the connection the shell's statement ran on.
  it.skipIf(dialect !== "postgres")(
    "on PostgreSQL, runs as a statement prepared once per connection, not planned each time",
    async () => {
      expect(await shellOf(linked)).toMatchObject({ unreadNotifications: 2 });
      const { rows } = await sql<{ statement: string }>`
        SELECT statement FROM pg_prepared_statements`.execute(db);
      expect(rows.map((row) => row.statement).join("\n")).toContain('"sessions"."token_hash" = $');
      expect(await shellOf(linked)).toMatchObject({ unreadNotifications: 2 });
    },
  );

  // The switch of every departure (app/http/README.md): statements go unnamed, as pg sends them.
  it.skipIf(dialect !== "postgres")(
    "with STOCK_REMIX=1, runs every statement unnamed, planOnce or not",
    async () => {
      const preparedAfterMarkedQuery = async (stock: "0" | "1") => {
        const before = process.env.STOCK_REMIX;
        process.env.STOCK_REMIX = stock;
        const own = openPostgresDatabase(process.env.DATABASE_URL ?? "", { max: 1 });
        if (before === undefined) delete process.env.STOCK_REMIX;
        else process.env.STOCK_REMIX = before;
        try {
          const marked = sql<{
            one: number;
          }>`SELECT 1 AS one /* plan-once switch ${sql.raw(stock)} */`;
          await own.executeQuery(planOnce(marked.compile(own)));
          const { rows } = await sql<{ statement: string }>`
            SELECT statement FROM pg_prepared_statements`.execute(own);
          return rows.some((row) => row.statement.includes(`plan-once switch ${stock}`));
        } finally {
          await own.destroy();
        }
      };
      expect(await preparedAfterMarkedQuery("0")).toBe(true);
      expect(await preparedAfterMarkedQuery("1")).toBe(false);
    },
  );
});
