import type { Locator } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { createSignedInAccount, signInAs } from "./accounts";
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
  // Opaque (below), so what lies under it cannot change what it reads like: the page's content is
  // hidden so that axe judges the toast alone, not giving up on a card the toast partly covers.
  await toast
    .page()
    .locator("main")
    .evaluate((element: HTMLElement) => {
      element.style.visibility = "hidden";
    });
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
  context,
}) => {
  test.setTimeout(60_000);
  // A usable code to copy, on a browser whose clipboard refuses: the Copy button's error toast (a
  // failed sign-in's error shows in its form only, issue 35).
  const admin = await createSignedInAccount({ isAdmin: true });
  const code = `E2E-${randomBytes(3).toString("hex").toUpperCase()}`;
  const created = await page.request.post("/api/admin/bonus-codes", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { code, description: "Copy me", value: "$5 Bonus", expiresAt: "2099-01-01T00:00:00Z" },
  });
  expect(created.status()).toBe(201);
  await signInAs(context, await createSignedInAccount({}));
  await page.addInitScript(() => {
    Object.defineProperty(navigator.clipboard, "writeText", {
      value: () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError")),
    });
  });
  // The toasts stay while axe looks at them: no 5 s timer (and no fade-out, below).
  await page.clock.install();
  await page.goto("/bonus-codes");
  await waitForHydration(page);
  await page.getByRole("button", { name: `Copy ${code}` }).click();
  const error = page.locator("[data-toast-type=destructive]");
  await expect(error).toContainText("Could not copy");
  await expectOpaqueAndAnnounced(error, "assertive");
  await expectReadableContrast(page, "[data-toast-type=destructive]");

  await page.locator("footer").getByRole("button", { name: "Subscribe" }).click();
  const notice = page.locator("[data-toast-type=default]");
  await expectOpaqueAndAnnounced(notice, "polite");
  await expectReadableContrast(page, "[data-toast-type=default]");
});
