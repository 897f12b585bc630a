// The mobile bell's dot (issue 16, docs/product.md §P2): the root loader tells the shell whether a
// usable code was added since the member last opened /bonus-codes; opening that page clears it.
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertSession, insertUser } from "../../factories";
import { loader as rootLoader } from "~/root";
import { loader as bonusCodesLoader } from "~/routes/bonus-codes";
import { bonusCodeSchema } from "~/domain/bonus-code-form";
import { createBonusCode } from "~/services/promotions/bonus-codes.server";
import { db } from "~/services/db.server";

let token = "";
let admin = { userId: 0, username: "dotAdmin" };

beforeAll(async () => {
  await migrateToLatest(db);
  admin = {
    userId: await insertUser(db, { username: "dotAdmin", is_admin: 1 }),
    username: "dotAdmin",
  };
  token = (await insertSession(db, await insertUser(db, { username: "dotMember" }))).token;
});

const args = (path: string) => ({
  request: new Request(`http://localhost${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  }),
  params: {},
  context: { cspNonce: "", clientIp: "127.0.0.1" },
});

async function bellDot(path = "/") {
  const result = (await rootLoader(args(path))) as unknown as {
    data: { user: { newBonusCode: boolean } | null };
  };
  return result.data.user?.newBonusCode;
}

/** Adds a code `minutes` from now (the page is opened now: no two instants share a millisecond). */
async function addCode(code: string, expiresAt: string, minutes: number) {
  const input = bonusCodeSchema.parse({ code, description: "d", value: "$5 Bonus", expiresAt });
  const change = await createBonusCode(admin, input, new Date(Date.now() + minutes * 60_000));
  expect(change.ok).toBe(true);
}

describe("the bell's dot", () => {
  it("shows for a new usable code until the member opens /bonus-codes", async () => {
    // The seeded codes have expired: nothing to see.
    expect(await bellDot()).toBe(false);
    await addCode("DOT-NEW", "2099-01-01T00:00", -1);
    expect(await bellDot()).toBe(true);
    // The page itself lists the code, so its shell shows no dot.
    expect(await bellDot("/bonus-codes")).toBe(false);
    await bonusCodesLoader(args("/bonus-codes"));
    expect(await bellDot()).toBe(false);
    // A code added later brings it back; one that has already expired does not.
    await addCode("DOT-OLD", "2021-01-01T00:00", 1);
    expect(await bellDot()).toBe(false);
    await addCode("DOT-NEWER", "2099-01-01T00:00", 1);
    expect(await bellDot()).toBe(true);
  });
});
