import { readdirSync } from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@remix-run/node";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";

/**
 * The site's `/api/*` routes behind Remix's own request handler, as the server runs them: real
 * URL matching (including the `api.$` splat) and Remix's method dispatch, without a build or a
 * port. Routes are read from app/routes by the flat-routes file convention.
 */
const ROUTES = path.resolve(__dirname, "../../../app/routes");

// A route's own `*.server.ts` module is no route (remix.config.js).
export const apiRouteFiles = readdirSync(ROUTES).filter(
  (file) => /^api\..*\.ts$/.test(file) && !file.endsWith(".server.ts"),
);

const load = (file: string) => import(path.join(ROUTES, file)) as Promise<Record<string, unknown>>;
const modules = Object.fromEntries(
  await Promise.all(apiRouteFiles.map(async (file) => [file, await load(file)] as const)),
);
// The site's catch-all page route: any path it wins renders the HTML not-found page.
const catchAll = { "$.tsx": await load("$.tsx") };

/** "api.user.sessions.$id.terminate" -> "api/user/sessions/:id/terminate"; "api.$" -> "api/*". */
export function routePathOf(file: string): string {
  const name = file.replace(/^.*\//, "").replace(/\.ts$/, "");
  return name
    .split(".")
    .map((segment) => (segment === "$" ? "*" : segment.replace(/^\$/, ":")))
    .join("/");
}

const build = {
  mode: "production",
  entry: {
    module: {
      default: () =>
        new Response("<html>page</html>", { headers: { "Content-Type": "text/html" } }),
    },
  },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    ...Object.fromEntries(
      Object.entries(catchAll).map(([file, module]) => [
        file,
        { id: file, parentId: "root", path: "*", module },
      ]),
    ),
    ...Object.fromEntries(
      Object.entries(modules).map(([file, module]) => [
        file,
        { id: file, parentId: "root", path: routePathOf(file), module },
      ]),
    ),
  },
  assets: { routes: {}, entry: { module: "", imports: [] }, url: "", version: "test" },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: {},
  isSpaMode: false,
} as unknown as ServerBuild;

const handle = createRequestHandler(build, "production");

let clientCounter = 0;

/**
 * One request through Remix, from a fresh client IP (the sign-in throttle counts per IP); `context`
 * adds to what the server hands the routes (e.g. its provider connection test).
 */
export function apiFetch(
  path: string,
  init: RequestInit = {},
  context: Partial<AppLoadContext> = {},
): Promise<Response> {
  clientCounter += 1;
  return handle(new Request(new URL(path, "http://localhost"), init), {
    cspNonce: "",
    clientIp: `10.9.${Math.floor(clientCounter / 250)}.${clientCounter % 250}`,
    ...context,
  });
}
