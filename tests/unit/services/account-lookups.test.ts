import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { profileSchema, registerSchema, USERNAME_AT_SIGN } from "~/domain/account-forms";
import { db } from "~/services/db.server";
import { createTestTrigger, dropTestTrigger } from "../test-triggers";
import {
  createUser,
  findLoginCandidate,
  updateProfile,
  USERNAME_TAKEN,
} from "~/services/auth/users.server";

const profile = (username: string) => ({ username, profileColor: "#D7FF00" as const });

/** An account as an older version stored it, bypassing today's form rules. */
async function insertLegacyUser(username: string, canonical: string | null) {
  const row = await db
    .insertInto("users")
    .values({
      username,
      username_canonical: canonical,
      password_hash: "legacy",
      created_at: "2025-01-01T00:00:00.000Z",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("usernames, sign-in lookups and profile saves", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await migrateToLatest(db);
  });

  it("refuses an @ in a new or edited username", () => {
    const registration = registerSchema.safeParse({
      username: "victim@example.com",
      email: "someone@example.com",
      password: "a-long-passphrase",
      confirmPassword: "a-long-passphrase",
    });
    expect(registration.error?.issues.map((issue) => issue.message)).toContain(USERNAME_AT_SIGN);
    const edit = profileSchema.safeParse(profile("me@home"));
    expect(edit.error?.issues.map((issue) => issue.message)).toContain(USERNAME_AT_SIGN);
  });

  it("signs an e-mail in to the account with that address, not to a name spelled like it", async () => {
    const victim = await createUser({
      username: "victim",
      email: "victim@example.com",
      password: "victim-password",
    });
    if (!victim.ok) throw new Error("setup: victim not created");
    await insertLegacyUser("Victim@Example.com", "victim@example.com");
    expect((await findLoginCandidate("victim@example.com"))?.id).toBe(victim.userId);
    expect((await findLoginCandidate("VICTIM@example.com"))?.id).toBe(victim.userId);
  });

  it("lets an account without a canonical name save its profile under its own name", async () => {
    await insertLegacyUser("Lookalike", "lookalike");
    const younger = await insertLegacyUser("ｌｏｏｋａｌｉｋｅ", null);
    expect(
      await updateProfile(younger, { ...profile("ｌｏｏｋａｌｉｋｅ"), bio: "still me" }),
    ).toEqual({
      ok: true,
    });
    const row = await db
      .selectFrom("users")
      .select(["bio", "username_canonical"])
      .where("id", "=", younger)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ bio: "still me", username_canonical: null });
    expect(await updateProfile(younger, profile("lookalike"))).toEqual({
      ok: false,
      conflicts: [{ field: "username", message: USERNAME_TAKEN }],
    });
  });

  it("answers 'taken' when the name is taken between the check and the write", async () => {
    const racer = await insertLegacyUser("slowpoke", "slowpoke");
    // The other sign-up lands inside the update statement itself.
    await createTestTrigger(db, {
      name: "take_name_first",
      table: "users",
      when: "NEW.username_canonical = 'swift'",
      action: {
        run: `INSERT INTO users (username, username_canonical, password_hash, created_at)
              VALUES ('Swift', 'swift', 'x', '2026-01-01T00:00:00.000Z')`,
      },
    });
    try {
      expect(await updateProfile(racer, profile("swift"))).toEqual({
        ok: false,
        conflicts: [{ field: "username", message: USERNAME_TAKEN }],
      });
    } finally {
      await dropTestTrigger(db, "take_name_first", "users");
    }
  });
});
