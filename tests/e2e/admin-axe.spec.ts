import { createSignedInAccount, signInAs } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expect, onlyWithJavaScript, test } from "./fixtures";

// axe scans of every admin page (issue 15), in the js-on project: none of these pages draws
// anything without JavaScript that it does not draw with it, so the scan of the hydrated page
// covers the server's page (docs/decisions/0075). The admin flows scan in both projects. One
// browser context walks them all, as one admin: a context and a first page per scan cost more
// than the scan's page load (docs/decisions/0092).
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

test("/admin/login, then every admin page as an admin: no axe violation of any impact", async ({
  page,
  context,
}) => {
  // Nine pages, each scanned: seconds each on the quiet machine, up to 40 s each at load 40.
  test.setTimeout(60_000 * (ADMIN_PAGES.length + 1));
  await test.step("/admin/login", async () => {
    await page.goto("/admin/login");
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expectNoAxeViolations(page, ALL_IMPACTS);
  });

  const admin = await createSignedInAccount({ isAdmin: true });
  await signInAs(context, admin);
  for (const [path, heading] of ADMIN_PAGES) {
    await test.step(path, async () => {
      const response = await page.goto(path.replace(":self", String(admin.id)));
      expect(response?.status(), path).toBe(200);
      const h1 = page.getByRole("heading", { level: 1 });
      await expect(h1, path).toHaveCount(1);
      if (heading) await expect(h1, path).toHaveText(heading);
      await expectNoAxeViolations(page, ALL_IMPACTS);
    });
  }
});
