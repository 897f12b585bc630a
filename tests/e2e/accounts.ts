import type { BrowserContext } from "@playwright/test";
import { openDatabase } from "~db";
import { insertSession, insertUser, uniqueName } from "../factories";
import { E2E_BASE_URL, E2E_DATA_FOLDER } from "../../playwright.config";

// The e2e server's throwaway database (playwright.config.ts), opened beside the server: WAL lets
// both write. Tests that are not about signing in use this to start signed in.
export const E2E_DATABASE_PATH = `${E2E_DATA_FOLDER}/goatedvips.sqlite`;

export interface TestAccount {
  id: number;
  username: string;
  token: string;
}

/**
 * A user with a live session row, as a sign-in would leave it (tests/factories.ts): the account
 * can only be used through this session. `goatedId` links it to that provider player, as an
 * approved link request leaves it.
 */
export async function createSignedInAccount(options: {
  username?: string;
  isAdmin?: boolean;
  goatedId?: string;
  email?: string;
}): Promise<TestAccount> {
  const db = openDatabase(E2E_DATABASE_PATH);
  try {
    const username = options.username ?? uniqueName("player");
    const id = await insertUser(db, {
      username,
      is_admin: options.isAdmin ? 1 : 0,
      goated_id: options.goatedId ?? null,
      email: options.email ?? null,
    });
    const { token } = await insertSession(db, id, { user_agent: "Playwright" });
    return { id, username, token };
  } finally {
    await db.destroy();
  }
}

/** Puts the account's session cookie into a browser context (Remix's cookie encoding). */
export async function signInAs(context: BrowserContext, account: TestAccount): Promise<void> {
  const value = Buffer.from(JSON.stringify(account.token)).toString("base64");
  await context.addCookies([{ name: "gv_session", value, url: E2E_BASE_URL }]);
}
