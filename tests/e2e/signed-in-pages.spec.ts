// A signed-in /leaderboard is the visitor's page with the user's frame spliced in (docs/decisions/0042),
// a member's / and /wager-races the page rendered for their loader data (0112):
// the browser must hydrate it as the page React would have rendered, without a mismatch.
import { createSignedInAccount, signInAs } from "./accounts";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// How React reports a server/client mismatch: in development words, in production by error number.
const HYDRATION_PROBLEM = /hydrat|did not match|Minified React error #(418|419|421|422|423|425)\b/i;

/** The hydration problems the page reports from now on (console messages and page errors). */
function hydrationProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (HYDRATION_PROBLEM.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => {
    if (HYDRATION_PROBLEM.test(error.message)) problems.push(error.message);
  });
  return problems;
}

for (const who of ["member", "admin"] as const) {
  test(`a spliced page hydrates for ${who === "member" ? "a member" : "an admin"} without a mismatch @js-on-only`, async ({
    page,
    context,
  }) => {
    // @js-on-only: hydration needs JavaScript.
    const account = await createSignedInAccount({ isAdmin: who === "admin" });
    await signInAs(context, account);
    const problems = hydrationProblems(page);
    // The first answer of the route tells the server its page is the same for everyone.
    await page.goto("/leaderboard?period=weekly");
    const response = await page.goto("/leaderboard?period=weekly");
    expect(response?.headers()["x-page-cache"]).toBe("spliced");
    // React reports a mismatch while hydrating, which page.goto waited for.
    await page.waitForTimeout(500);
    expect(problems).toEqual([]);

    // Alive: the account menu opens, a period tab navigates in the browser.
    await page.getByLabel(`Account menu for ${account.username}`).click();
    await expect(page.getByRole("link", { name: "Profile" })).toBeVisible();
    await page.keyboard.press("Escape");
    await page
      .getByRole("navigation", { name: "Leaderboard periods" })
      .getByRole("link", { name: "Monthly" })
      .click();
    await expect(page).toHaveURL(/period=monthly/);
    expect(problems).toEqual([]);
  });
}

// The home page and the race are the pages rendered for the member's loader data (decision 0112).
for (const path of ["/", "/wager-races"]) {
  test(`a member's ${path} rendered for their data hydrates without a mismatch @js-on-only`, async ({
    page,
    context,
  }) => {
    // @js-on-only: hydration needs JavaScript.
    const account = await createSignedInAccount({});
    await signInAs(context, account);
    const problems = hydrationProblems(page);
    await page.goto(path);
    const response = await page.goto(path);
    expect(response?.headers()["x-page-cache"]).toBe("spliced");
    await page.waitForTimeout(500);
    expect(problems).toEqual([]);
    // Alive, and the member's: the account menu opens.
    await page.getByLabel(`Account menu for ${account.username}`).click();
    await expect(page.getByRole("link", { name: "Profile" })).toBeVisible();
    expect(problems).toEqual([]);
  });
}
