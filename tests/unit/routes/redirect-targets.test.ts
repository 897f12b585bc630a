import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { action as signIn } from "~/routes/auth";
import { action as dismissRaceWidget } from "~/routes/race-widget.dismiss";
import { action as signOut } from "~/routes/logout";
import { db } from "~/services/db.server";
import { createUser } from "~/services/auth/users.server";

const USERNAME = "RedirectGoat";
const PASSWORD = "Tr4vel-Goat-Pasture-19";
let userId = 0;

beforeAll(async () => {
  await migrateToLatest(db);
  const created = await createUser({
    username: USERNAME,
    email: "redirect-goat@example.com",
    password: PASSWORD,
  });
  if (!created.ok) throw new Error("could not create the test user");
  userId = created.userId;
});

const sessionCount = async () =>
  Number(
    (
      await db
        .selectFrom("sessions")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A Location a browser follows without leaving the site, whatever it strips or decodes. */
function expectSameSite(location: string | null) {
  expect(location).toMatch(/^\/(?![/\\])/);
  const decoded = decodeURIComponent(location ?? "");
  // eslint-disable-next-line no-control-regex
  expect(decoded).not.toMatch(/[\\\u0000-\u001F]/);
  expect(decoded).not.toMatch(/^\/\//);
  expect(new URL(location ?? "", "https://goatedvips.test").host).toBe("goatedvips.test");
}

const form = (fields: Record<string, string>) =>
  new Request("http://localhost/", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

let ipCounter = 0;
const hostileTargets = [
  "/%09/evil.example",
  "/\t/evil.example",
  "/\\evil.example",
  "//evil.example",
  "/%2F%2Fevil.example",
  "/профиль",
  "/x\r\nSet-Cookie: stolen=1",
  "/\uD800",
];

describe("sign-in with a hostile redirectTo", () => {
  it.each(hostileTargets)("%j: a redirect on this site and exactly one session", async (target) => {
    const before = await sessionCount();
    const query = new URLSearchParams({ mode: "login", redirectTo: target });
    const request = new Request(`http://localhost/auth?${query.toString()}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "User-Agent": "vitest",
      },
      body: new URLSearchParams({ username: USERNAME, password: PASSWORD }),
    });
    const answer = await signIn({
      request,
      params: {},
      context: { cspNonce: "", clientIp: `10.9.0.${(ipCounter += 1)}` },
    });
    if (!(answer instanceof Response)) throw new Error("expected a redirect");
    expect(answer.status).toBe(302);
    expectSameSite(answer.headers.get("Location"));
    expect(await sessionCount()).toBe(before + 1);
  });

  it("keeps a non-ASCII path, percent-encoded", async () => {
    const query = new URLSearchParams({ mode: "login", redirectTo: "/профиль" });
    const request = new Request(`http://localhost/auth?${query.toString()}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: USERNAME, password: PASSWORD }),
    });
    const answer = await signIn({
      request,
      params: {},
      context: { cspNonce: "", clientIp: "::2" },
    });
    if (!(answer instanceof Response)) throw new Error("expected a redirect");
    expect(decodeURIComponent(answer.headers.get("Location") ?? "")).toBe("/профиль");
  });
});

describe.each([
  ["the race widget's dismiss", dismissRaceWidget],
  ["sign-out", signOut],
])("%s with a hostile redirectTo", (_name, action) => {
  it.each(hostileTargets)("%j: a redirect on this site", async (target) => {
    const answer = await action({
      request: form({ redirectTo: target }),
      params: {},
      context: { cspNonce: "", clientIp: "::1" },
    });
    expect(answer.status).toBe(302);
    expectSameSite(answer.headers.get("Location"));
  });
});
