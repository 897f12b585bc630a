import { matchRoutes } from "@remix-run/react";
import type { ServerBuild } from "@remix-run/node";
import { versionedCache } from "~/server/cache.server";

/** A route of the build as matchRoutes takes it: index routes have no children. */
export type RouteNode = { id: string; path?: string; caseSensitive?: boolean } & (
  { index: true; children?: undefined } | { index?: false; children: RouteNode[] }
);

/** How many paths' labels are remembered, the least recently asked forgotten (junk paths). */
const MAX_REMEMBERED_PATHS = 2_000;

/** The label of a path no Remix route matches (with the catch-all page route, none). */
export const UNMATCHED_ROUTE = "unmatched";

/**
 * The route pattern a path is answered by, for the request log and the metrics' `route` label:
 * the Remix route's path pattern ("/user/:id", "/api/*"), never the raw URL, so the labels stay
 * few however many URLs clients try. A single-fetch data request (`/leaderboard.data`,
 * `/_root.data`) counts under its page.
 */
export function createRouteLabeler(routes: ServerBuild["routes"]): (pathname: string) => string {
  const tree = routeTree(routes);
  const labels = versionedCache<string>({ max: MAX_REMEMBERED_PATHS });
  return (pathname) =>
    labels.get({ key: pathname, compute: () => patternOf(tree, pagePath(pathname)) });
}

function pagePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

function patternOf(tree: RouteNode[], pathname: string): string {
  const matches = matchRoutes(tree, pathname);
  if (!matches) return UNMATCHED_ROUTE;
  const segments = matches
    .map((match) => (match.route as RouteNode).path ?? "")
    .filter((path) => path !== "");
  return `/${segments.join("/")}`.replace(/\/{2,}/g, "/");
}

/** The build's routes as the tree matchRoutes walks (each route's id is its build id). */
export function routeTree(routes: ServerBuild["routes"]): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const common = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
    nodes.set(route.id, route.index ? { ...common, index: true } : { ...common, children: [] });
  }
  const roots: RouteNode[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = nodes.get(route.id);
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (node) (parent?.children ?? roots).push(node);
  }
  return roots;
}
