// The header's figures for a signed-in user (root loader), read in one statement.
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertPlayer, insertUser, uniqueName } from "../../factories";
import { db } from "~/services/db.server";
import { addNotifications } from "~/services/notifications.server";
import { shellUser } from "~/services/shell-user.server";

let linked = 0;
let unlinked = 0;
const sessionUser = (userId: number) => ({ sessionId: "s", userId, username: "u", isAdmin: false });
const everything = { bonusCodeDot: true, supportUnread: true };

beforeAll(async () => {
  await migrateToLatest(db);
  const uid = await insertPlayer(db, { all_time: 12_345.5 });
  linked = await insertUser(db, { username: uniqueName("shellLinked"), goated_id: uid });
  unlinked = await insertUser(db, { username: uniqueName("shellAlone") });
  const note = { kind: "announcement" as const, title: "t", message: "m" };
  await addNotifications(db, [
    { ...note, userId: linked },
    { ...note, userId: linked },
    { ...note, userId: unlinked },
  ]);
});

describe("shellUser", () => {
  it("reads the linked player's total and the user's own unread notifications", async () =>
    expect(await shellUser(sessionUser(linked), everything)).toMatchObject({
      totalWagered: 12_345.5,
      unreadNotifications: 2,
      supportUnread: 0,
    }));

  it("reads 0 for a user with no linked player, never another user's figures", async () =>
    expect(await shellUser(sessionUser(unlinked), everything)).toMatchObject({
      totalWagered: 0,
      unreadNotifications: 1,
    }));

  it("leaves out what the page shows in full (no dot on /bonus-codes, no count on /support)", async () =>
    expect(
      await shellUser(sessionUser(linked), { bonusCodeDot: false, supportUnread: false }),
    ).toMatchObject({ newBonusCode: false, supportUnread: 0 }));
});
