/// <reference types="vite/client" />
// Every admin page (app/routes/admin.*) and admin API route (app/routes/api.admin.*) checks
// is_admin on the server, in its loader and its action: a new admin route without the guard fails
// here, because the list of routes is read from the folder.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { db } from "~/services/db.server";
import { createSession } from "~/services/auth/sessions.server";

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<unknown>;
interface RouteModule {
  loader?: Handler;
  action?: Handler;
}

/** The admin routes anyone may open: the sign-in page and its JSON twin. */
const OPEN_ROUTES = new Set(["admin.login.tsx", "api.admin.login.ts"]);

const adminRoutes = Object.entries(
  import.meta.glob<RouteModule>("../../../app/routes/{admin,api.admin}.*.{ts,tsx}", {
    eager: true,
  }),
)
  .map(([file, module]) => ({ name: file.replace(/^.*\/routes\//, ""), module }))
  // A route's own `*.server.ts` module is no route (remix.config.js).
  .filter((route) => !OPEN_ROUTES.has(route.name) && !/\.server\.tsx?$/.test(route.name));

const pageRoutes = adminRoutes.filter((route) => route.name.startsWith("admin."));
const apiRoutes = adminRoutes.filter((route) => route.name.startsWith("api.admin."));

type Role = "anonymous" | "user" | "admin";
const tokens: Record<Role, string | null> = { anonymous: null, user: null, admin: null };

beforeAll(async () => {
  await migrateToLatest(db);
  for (const role of ["user", "admin"] as const) {
    const user = await db
      .insertInto("users")
      .values({
        username: `guard-${role}`,
        password_hash: "x",
        is_admin: role === "admin" ? 1 : 0,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    tokens[role] = await createSession({ userId: user.id, userAgent: "vitest", ip: "127.0.0.1" });
  }
});

interface Outcome {
  status: number;
  location: string | null;
  body: unknown;
}

/** Calls a loader or action as Remix would; thrown answers (redirects, data()) count too. */
async function call(
  handler: Handler,
  role: Role,
  { method = "GET", json = false }: { method?: string; json?: boolean } = {},
): Promise<Outcome> {
  const headers = new Headers({ "User-Agent": "vitest" });
  const token = tokens[role];
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let body: string | undefined;
  if (method !== "GET") {
    headers.set("Content-Type", json ? "application/json" : "application/x-www-form-urlencoded");
    body = json ? "{}" : "";
  }
  const request = new Request("http://localhost/admin/some-page?tab=x", { method, headers, body });
  const args = { request, params: { id: "1" }, context: { cspNonce: "", clientIp: "127.0.0.9" } };
  let answer: unknown;
  try {
    answer = await handler(args);
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response) {
    const text = await answer.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    return { status: answer.status, location: answer.headers.get("Location"), body: parsed };
  }
  // Remix's data(): a DataWithResponseInit.
  if (typeof answer === "object" && answer !== null && "init" in answer && "data" in answer) {
    const { init, data } = answer as { init: ResponseInit | null; data: unknown };
    return { status: init?.status ?? 200, location: null, body: data };
  }
  if (answer instanceof Error) throw answer;
  return { status: 200, location: null, body: answer };
}

const LOGIN_REDIRECT = /^\/admin\/login\?redirectTo=%2Fadmin%2Fsome-page%3Ftab%3Dx$/;

describe("the admin guard", () => {
  it("finds the admin routes", () => {
    expect(pageRoutes.map((route) => route.name)).toEqual(
      expect.arrayContaining([
        "admin.wager-races.tsx",
        "admin.api-tokens.tsx",
        "admin.notifications.tsx",
        "admin.security.tsx",
        "admin.analytics.tsx",
        "admin.bonus-codes.tsx",
        "admin.support.tsx",
        "admin.banners.tsx",
      ]),
    );
    expect(apiRoutes.map((route) => route.name)).toEqual(
      expect.arrayContaining([
        "api.admin.wager-races.ts",
        "api.admin.api-tokens.goated.ts",
        "api.admin.notifications.send.ts",
        "api.admin.bonus-codes.ts",
        "api.admin.bonus-codes.$id.ts",
        "api.admin.link-requests.$id.approve.ts",
        "api.admin.link-requests.$id.reject.ts",
      ]),
    );
  });

  for (const route of pageRoutes) {
    const handlers = (["loader", "action"] as const).filter((h) => route.module[h]);
    describe(route.name, () => {
      it.each(handlers)("%s: a visitor goes to the admin login, and back after it", async (h) => {
        const outcome = await call(route.module[h]!, "anonymous", {
          method: h === "loader" ? "GET" : "POST",
        });
        expect(outcome.status).toBe(302);
        expect(outcome.location).toMatch(LOGIN_REDIRECT);
      });
      it.each(handlers)("%s: a signed-in non-admin gets 403", async (h) => {
        const outcome = await call(route.module[h]!, "user", {
          method: h === "loader" ? "GET" : "POST",
        });
        expect(outcome.status).toBe(403);
      });
      it.each(handlers)("%s: an admin passes", async (h) => {
        const outcome = await call(route.module[h]!, "admin", {
          method: h === "loader" ? "GET" : "POST",
        });
        expect([401, 403]).not.toContain(outcome.status);
        expect(outcome.location ?? "").not.toMatch(/^\/admin\/login/);
      });
    });
  }

  for (const route of apiRoutes) {
    describe(route.name, () => {
      it.each(["GET", "POST", "PUT", "DELETE"])(
        "%s: 401 JSON signed out, 403 JSON for a non-admin, served to an admin",
        async (method) => {
          const handler = method === "GET" ? route.module.loader : route.module.action;
          if (!handler) throw new Error(`${route.name} exports no loader or action`);
          const asAdmin = await call(handler, "admin", { method, json: true });
          // The route does not take this method at all.
          if (asAdmin.status === 405) return;
          expect([401, 403]).not.toContain(asAdmin.status);
          const signedOut = await call(handler, "anonymous", { method, json: true });
          expect(signedOut.status).toBe(401);
          expect(signedOut.body).toMatchObject({ status: "error" });
          const nonAdmin = await call(handler, "user", { method, json: true });
          expect(nonAdmin.status).toBe(403);
          expect(nonAdmin.body).toMatchObject({ status: "error" });
        },
      );
    });
  }
});
