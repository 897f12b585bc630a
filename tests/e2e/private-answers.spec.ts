import { randomBytes } from "node:crypto";
import { E2E_BASE_URL } from "../../playwright.config";
import { createSignedInAccount } from "./accounts";
import { expect, test } from "./fixtures";

// Server-level checks over plain HTTP (no cookie jar between requests): one project is enough.
test.beforeEach(({}, info) => {
  test.skip(info.project.name !== "js-on", "a server-level test: one project is enough");
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${E2E_BASE_URL}${path}`, { headers, redirect: "manual" });

const sessionCookie = (token: string) =>
  `gv_session=${Buffer.from(JSON.stringify(token)).toString("base64")}`;

test("a page rendered for a Bearer token is private and never served to the next visitor", async () => {
  const admin = await createSignedInAccount({
    username: `cacheboss_${randomBytes(3).toString("hex")}`,
    isAdmin: true,
  });
  const url = `/leaderboard?k=${randomBytes(4).toString("hex")}`;

  const forAdmin = await get(url, { Authorization: `Bearer ${admin.token}` });
  expect(forAdmin.status).toBe(200);
  expect(await forAdmin.text()).toContain(admin.username);

  for (let visit = 0; visit < 2; visit += 1) {
    const forVisitor = await get(url);
    expect(forVisitor.status).toBe(200);
    expect(forVisitor.headers.get("Cache-Control") ?? "").not.toContain("private");
    expect(forVisitor.headers.get("X-Page-Cache-Scope")).toBeNull();
    const page = await forVisitor.text();
    expect(page.includes(admin.username), "the admin's name on a visitor's page").toBe(false);
    expect(page.includes('"isAdmin":true'), "isAdmin on a visitor's page").toBe(false);
  }
  expect(forAdmin.headers.get("Cache-Control")).toBe("private, no-store");
});

test("visitors without cookies still share the leaderboard's cached render", async () => {
  const url = `/leaderboard?k=${randomBytes(4).toString("hex")}`;
  // A sync may move the cache's generation between two requests (every 2 s here): try again.
  await expect
    .poll(async () => {
      await (await get(url)).text();
      return (await get(url)).headers.get("X-Page-Cache");
    })
    .toBe("hit");
});

test("every answer for a signed-in user is private, no-store (cookie or Bearer)", async () => {
  const admin = await createSignedInAccount({ isAdmin: true });
  const paths = [
    "/profile",
    "/profile.data",
    "/leaderboard.data?_routes=root",
    "/notification-preferences",
    "/admin/wager-races",
    "/api/user",
    "/api/user/sessions",
    `/api/users/${admin.id}`,
    "/api/affiliate/stats?page=1&limit=1",
  ];
  const credentialSets: Record<string, string>[] = [
    { Authorization: `Bearer ${admin.token}` },
    { Cookie: sessionCookie(admin.token) },
  ];
  for (const credentials of credentialSets) {
    for (const path of paths) {
      const response = await get(path, credentials);
      expect(response.status, `${path} with ${Object.keys(credentials)[0]}`).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  }
});

test("a Permissions-Policy turns off the features the site does not use", async () => {
  const response = await get("/");
  const policy = response.headers.get("Permissions-Policy") ?? "";
  for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()"]) {
    expect(policy).toContain(feature);
  }
  expect(policy).toContain("clipboard-write=(self)");
});
