import { randomBytes, createHash } from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import { canonicalUsername } from "~/domain/usernames";
import { openDatabase } from "~db";
import { E2E_BASE_URL } from "../../playwright.config";

// The e2e server's throwaway database (playwright.config.ts), opened beside the server: WAL lets
// both write. Tests that are not about signing in use this to start signed in.
export const E2E_DATABASE_PATH = "tests/.tmp/e2e/goatedvips.sqlite";

export interface TestAccount {
  id: number;
  username: string;
  token: string;
}

/**
 * A user with a live session row, as a sign-in would leave it. The password hash is not a valid
 * hash, so the account can only be used through this session.
 */
export async function createSignedInAccount(options: {
  username?: string;
  isAdmin?: boolean;
}): Promise<TestAccount> {
  const db = openDatabase(E2E_DATABASE_PATH);
  try {
    const username = options.username ?? `player_${randomBytes(4).toString("hex")}`;
    const now = new Date();
    const day = 86_400_000;
    const user = await db
      .insertInto("users")
      .values({
        username,
        username_canonical: canonicalUsername(username),
        password_hash: "not-a-password",
        is_admin: options.isAdmin ? 1 : 0,
        created_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const token = randomBytes(32).toString("base64url");
    await db
      .insertInto("sessions")
      .values({
        id: randomBytes(16).toString("hex"),
        user_id: user.id,
        token_hash: createHash("sha256").update(token).digest("hex"),
        user_agent: "Playwright",
        ip: "127.0.0.1",
        created_at: now.toISOString(),
        last_active_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 30 * day).toISOString(),
        idle_expires_at: new Date(now.getTime() + 7 * day).toISOString(),
      })
      .execute();
    return { id: user.id, username, token };
  } finally {
    await db.destroy();
  }
}

/** Puts the account's session cookie into a browser context (Remix's cookie encoding). */
export async function signInAs(context: BrowserContext, account: TestAccount): Promise<void> {
  const value = Buffer.from(JSON.stringify(account.token)).toString("base64");
  await context.addCookies([{ name: "gv_session", value, url: E2E_BASE_URL }]);
}
