import type { AppLoadContext, LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import type { RouteData } from "./load-context";
import { routeTree } from "./route-label.server";

const ROOT_ROUTE_ID = "root";

/** Data as a loader returns it plainly: not a Response, nor `data()` with its status and headers. */
function isPlainData(value: unknown): boolean {
  if (value === null || typeof value !== "object") return value !== undefined;
  if (Array.isArray(value)) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Runs, for a page request, the loaders of the routes below the root that answer it, as Remix
 * runs them for the document: their data by route id. Null when any answers other than plain data
 * (a Response, `data()` with a status, a thrown redirect or error: Remix then renders the page and
 * answers that itself), and for a URL carrying a parameter Remix takes off before a loader reads
 * the request (`index`, `_routes`).
 */
export function routeDataReader(build: ServerBuild) {
  const tree = routeTree(build.routes);
  return async (request: Request, context: AppLoadContext): Promise<RouteData | null> => {
    const url = new URL(request.url);
    if (url.searchParams.has("index") || url.searchParams.has("_routes")) return null;
    const matches = matchRoutes(tree, url.pathname) ?? [];
    const loaders = matches.flatMap((match) => {
      const loader = build.routes[match.route.id]?.module.loader;
      return match.route.id === ROOT_ROUTE_ID || !loader
        ? []
        : [{ id: match.route.id, run: () => loader({ request, params: match.params, context }) }];
    });
    if (loaders.length === 0) return null;
    try {
      const results = await Promise.all(loaders.map(async ({ id, run }) => [id, await run()]));
      return results.every(([, value]) => isPlainData(value)) ? Object.fromEntries(results) : null;
    } catch {
      return null;
    }
  };
}

/**
 * `build` with each loader below the root answering the load context's `routeData` for its route,
 * when given, instead of reading the request: a page rendered for a member's data without the
 * member's credentials (signed-in-documents.server.ts). Without `routeData` the loaders run.
 */
export function withRouteData(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const loader = route?.module.loader;
    routes[id] =
      !route || !loader || id === ROOT_ROUTE_ID
        ? route
        : {
            ...route,
            module: {
              ...route.module,
              loader: (args: LoaderFunctionArgs) => {
                const given = args.context.routeData;
                // What the route's own loader returned for that request (routeDataReader).
                return given && id in given
                  ? (given[id] as ReturnType<typeof loader>)
                  : loader(args);
              },
            },
          };
  }
  return { ...build, routes };
}
