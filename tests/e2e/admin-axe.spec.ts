import { createSignedInAccount, signInAs } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expect, onlyWithJavaScript, test } from "./fixtures";

// axe scans of every admin page (issue 15), in the js-on project: none of these pages draws
// anything without JavaScript that it does not draw with it, so the scan of the hydrated page
// covers the server's page (docs/decisions/0075). The admin flows scan in both projects.
test.beforeEach(() => onlyWithJavaScript("the hydrated page holds the server's page"));

const ADMIN_PAGES = [
  ["/admin", "Admin Panel"],
  ["/admin/users", "User Management"],
  ["/admin/users/:self", null],
  ["/admin/audit", "Audit Log"],
  ["/admin/wager-races", null],
  ["/admin/wager-races?form=new", null],
  ["/admin/analytics", "Analytics"],
  ["/admin/settings", "Site Settings"],
] as const;

const ALL_IMPACTS = ["minor", "moderate", "serious", "critical"];

test("/admin/login has no axe violation", async ({ page }) => {
  test.slow();
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await expectNoAxeViolations(page, ALL_IMPACTS);
});

for (const [path, heading] of ADMIN_PAGES) {
  test(`${path} has no axe violation`, async ({ page, context }) => {
    test.slow();
    const admin = await createSignedInAccount({ isAdmin: true });
    await signInAs(context, admin);
    const response = await page.goto(path.replace(":self", String(admin.id)));
    expect(response?.status()).toBe(200);
    const h1 = page.getByRole("heading", { level: 1 });
    await expect(h1).toHaveCount(1);
    if (heading) await expect(h1).toHaveText(heading);
    await expectNoAxeViolations(page, ALL_IMPACTS);
  });
}
