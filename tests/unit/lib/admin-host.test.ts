import { describe, expect, it } from "vitest";
import { adminHostRoute, isAdminHost, refusesDataRequest } from "~/lib/admin-host";
import { readServerConfig } from "~/server/config.server";
import { createToastHeaders } from "~/http/toast.server";
import { sessionCookieHeader } from "~/services/auth/sessions.server";

// The admin host (ADMIN_HOST): which requests it is, and what it serves.

describe("isAdminHost", () => {
  it("matches the configured name on any port, without case, when it names no port", () => {
    expect(isAdminHost("admin.goatedvips.gg", "admin.goatedvips.gg")).toBe(true);
    expect(isAdminHost("Admin.GoatedVIPs.gg:8443", "admin.goatedvips.gg")).toBe(true);
    expect(isAdminHost("goatedvips.gg", "admin.goatedvips.gg")).toBe(false);
    expect(isAdminHost("admin.goatedvips.gg.evil.test", "admin.goatedvips.gg")).toBe(false);
  });

  it("matches only that port when it names one", () => {
    expect(isAdminHost("admin.localhost:4160", "admin.localhost:4160")).toBe(true);
    expect(isAdminHost("admin.localhost:4161", "admin.localhost:4160")).toBe(false);
    expect(isAdminHost("admin.localhost", "admin.localhost:4160")).toBe(false);
  });

  it("is never true without ADMIN_HOST or without a Host header", () => {
    expect(isAdminHost("admin.goatedvips.gg", null)).toBe(false);
    expect(isAdminHost(undefined, "admin.goatedvips.gg")).toBe(false);
  });
});

describe("adminHostRoute", () => {
  it.each([
    "/admin",
    "/admin/",
    "/admin/login",
    "/admin/users",
    "/admin/users/12",
    "/admin/analytics",
    "/api/admin/login",
    "/api/admin/users",
    "/logout",
    "/__manifest",
  ])("serves %s", (path) => {
    expect(adminHostRoute(path)).toBe("serve");
  });

  it.each([
    "/",
    "/leaderboard",
    "/wager-races",
    "/profile",
    "/administrator",
    "/admins",
    "/api/user",
    "/api/affiliate/stats",
    "/api/administrator",
    "/race-widget/dismiss",
  ])("sends %s to the admin login", (path) => {
    expect(adminHostRoute(path)).toBe("to-admin-login");
  });
});

const withAdminHost = (ADMIN_HOST: string) =>
  readServerConfig({ NODE_ENV: "test", ADMIN_HOST }).ADMIN_HOST;

describe("Remix data requests on the admin host", () => {
  it("go to Remix, whose data-request hook refuses those of pages outside the admin area", () => {
    expect(adminHostRoute("/leaderboard.data")).toBe("data-request");
    expect(adminHostRoute("/_root.data")).toBe("data-request");
    expect(refusesDataRequest("/leaderboard.data")).toBe(true);
    expect(refusesDataRequest("/_root.data")).toBe(true);
    expect(refusesDataRequest("/profile.data")).toBe(true);
    expect(refusesDataRequest("/admin.data")).toBe(false);
    expect(refusesDataRequest("/admin/analytics.data")).toBe(false);
    expect(refusesDataRequest("/admin/login.data")).toBe(false);
  });
});

describe("ADMIN_HOST in the environment", () => {
  it("takes a host name, with or without a port, in any case", () => {
    expect(withAdminHost("Admin.GoatedVIPs.gg")).toBe("admin.goatedvips.gg");
    expect(withAdminHost("admin.localhost:4160")).toBe("admin.localhost:4160");
    expect(withAdminHost("")).toBeUndefined();
  });

  it("refuses a URL or a path with a clear message", () => {
    for (const value of ["https://admin.goatedvips.gg", "admin.goatedvips.gg/admin", "a b"]) {
      expect(() => withAdminHost(value)).toThrow(/ADMIN_HOST must be a host name/);
    }
  });
});

describe("the cookies the admin host sets", () => {
  it("are host-only: neither the session nor the toast cookie names a Domain", async () => {
    const session = await sessionCookieHeader("token");
    const toast = (await createToastHeaders({ title: "Hello" })).get("Set-Cookie") ?? "";
    expect(session).toMatch(/^gv_session=/);
    expect(toast).toMatch(/^gv_toast=/);
    expect(session).not.toMatch(/domain=/i);
    expect(toast).not.toMatch(/domain=/i);
  });
});
