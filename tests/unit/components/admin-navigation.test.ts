import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { navigationSections } from "~/components/shell/navigation";

const ROUTES = path.resolve(__dirname, "../../../app/routes");

/** "/admin/user-management" -> app/routes/admin.user-management.tsx (flat routes, no params). */
const routeFileOf = (to: string) => path.join(ROUTES, `${to.slice(1).replaceAll("/", ".")}.tsx`);

describe("the ADMIN navigation group", () => {
  it.each(["desktop", "mobile"] as const)(
    "%s: admins get the entries whose pages exist, each with its route",
    (variant) => {
      const admin = navigationSections(variant, { isAdmin: true }).find(
        (section) => section.label === "Admin",
      );
      // docs/product.md §P2: the mobile group omits notifications and support.
      expect(admin?.links.map((link) => link.to)).toEqual([
        "/admin/dashboard",
        "/admin/user-management",
        ...(variant === "desktop" ? ["/admin/notifications", "/admin/support"] : []),
        "/admin/wager-races",
        "/admin/bonus-codes",
        "/admin/giveaways",
      ]);
      for (const link of admin?.links ?? []) expect(existsSync(routeFileOf(link.to))).toBe(true);
    },
  );

  it("is not shown to anyone else", () => {
    expect(navigationSections("desktop").some((section) => section.label === "Admin")).toBe(false);
  });
});
