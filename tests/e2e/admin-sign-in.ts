import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { openDatabase } from "~db";
import { E2E_DATABASE_PATH } from "./accounts";
import { expect, jsEnabled, test, waitForHydration } from "./fixtures";

// Signing in at /admin/login as a real account, for the admin area's tests (the admin host's too).

export const PASSWORD = "Grazing-Goats-On-Tuesday-42";

/** A real account (registered through the API, so it has a password), made admin if asked. */
export async function registeredAccount(request: APIRequestContext, { isAdmin = false } = {}) {
  const username = `adm_${randomBytes(4).toString("hex")}`;
  const answer = await request.post("/api/register", {
    data: { username, email: `${username}@example.com`, password: PASSWORD },
  });
  expect(answer.status()).toBe(201);
  const id = ((await answer.json()) as { user: { id: number } }).user.id;
  if (isAdmin) {
    const db = openDatabase(E2E_DATABASE_PATH);
    try {
      await db.updateTable("users").set({ is_admin: 1 }).where("id", "=", id).execute();
    } finally {
      await db.destroy();
    }
  }
  return { id, username };
}

/**
 * With JavaScript, typing before the page is hydrated could be lost, and a navigation of its own
 * could still be loading: wait for the hydration (the scripts start after the first paint,
 * docs/decisions/0040), then for the network.
 */
export async function settled(page: Page) {
  if (!jsEnabled(test.info().project.name)) return;
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
}

export async function signInAtAdminLogin(page: Page, identifier: string) {
  await settled(page);
  await page.getByLabel("Email or Username").fill(identifier);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
}
