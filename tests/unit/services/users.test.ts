import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { db } from "~/services/db.server";
import { verifyPassword } from "~/services/auth/passwords.server";
import { createUser, ensureAdmin } from "~/services/auth/users.server";

const adminRow = (username: string) =>
  db
    .selectFrom("users")
    .select(["is_admin", "password_hash"])
    .where("username", "=", username)
    .executeTakeFirstOrThrow();

describe("the admin account from ADMIN_USERNAME and ADMIN_PASSWORD", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await migrateToLatest(db);
  });

  it("is created as an admin, with only a hash of the password stored", async () => {
    expect(await ensureAdmin("boss", "boss-password")).toBe("created");
    const row = await adminRow("boss");
    expect(row.is_admin).toBe(1);
    expect(row.password_hash).not.toContain("boss-password");
    expect(await verifyPassword("boss-password", row.password_hash)).toBe(true);
    expect(await ensureAdmin("boss", "boss-password")).toBe("unchanged");
  });

  it("promotes an existing member, and takes the configured password", async () => {
    await createUser({ username: "member", email: "member@example.com", password: "member-pw" });
    expect((await adminRow("member")).is_admin).toBe(0);
    expect(await ensureAdmin("MEMBER", "new-admin-pw")).toBe("promoted");
    const row = await adminRow("member");
    expect(row.is_admin).toBe(1);
    expect(await verifyPassword("new-admin-pw", row.password_hash)).toBe(true);
  });

  it("enables a disabled admin account again: the operator's way back in", async () => {
    await db
      .updateTable("users")
      .set({ disabled_at: new Date().toISOString() })
      .where("username", "=", "boss")
      .execute();
    expect(await ensureAdmin("boss", "boss-password")).toBe("promoted");
    const row = await db
      .selectFrom("users")
      .select("disabled_at")
      .where("username", "=", "boss")
      .executeTakeFirstOrThrow();
    expect(row.disabled_at).toBeNull();
  });
});
