import type { Locator } from "@playwright/test";
import { expectReadableContrast } from "./axe";
import { expect, jsEnabled, test, waitForHydration } from "./fixtures";

// Toasts are opaque, readable on any background and announced: errors at once (assertive), notices
// politely (issue 18). The toasts raised here need JavaScript; the server's flash toasts use the
// same component and styles.
test.beforeEach(({}, info) => {
  test.skip(!jsEnabled(info.project.name), "these toasts are raised in the browser");
});

async function expectOpaqueAndAnnounced(toast: Locator, politeness: "assertive" | "polite") {
  await expect(toast).toBeVisible();
  await toast.evaluate((element: HTMLElement) => {
    element.style.animation = "none";
  });
  // rgb(...) is opaque; rgba(..., 0.15) is what let the page show through.
  expect(await toast.evaluate((element) => getComputedStyle(element).backgroundColor)).toMatch(
    /^rgb\(/,
  );
  expect(
    await toast.evaluate((element) => {
      // The region must be in the page before the toast arrives, or nothing is announced.
      return element.parentElement?.closest("[aria-live]")?.getAttribute("aria-live") ?? null;
    }),
  ).toBe(politeness);
  expect(await toast.getAttribute("aria-live")).toBe(politeness);
}

test("an error toast and a notice are opaque, pass axe's contrast check and are announced", async ({
  page,
}) => {
  test.setTimeout(60_000);
  // The toasts stay while axe looks at them: no 5 s timer (and no fade-out, below).
  await page.clock.install();
  await page.goto("/auth?mode=login");
  await waitForHydration(page);
  await page.getByLabel("Username or e-mail").fill("nobody_at_all");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  const error = page.locator("[data-toast-type=destructive]");
  await expect(error).toContainText("Login Failed", { timeout: 15_000 });
  await expectOpaqueAndAnnounced(error, "assertive");
  await expectReadableContrast(page, "[data-toast-type=destructive]");

  await page.locator("footer").getByRole("button", { name: "Subscribe" }).click();
  const notice = page.locator("[data-toast-type=default]");
  await expectOpaqueAndAnnounced(notice, "polite");
  await expectReadableContrast(page, "[data-toast-type=default]");
});
