import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { createRouteLabeler, UNMATCHED_ROUTE } from "~/http/route-label.server";

const route = (id: string, fields: { path?: string; index?: boolean; parentId?: string }) => ({
  id,
  parentId: "root",
  module: {},
  ...fields,
});

const routes = {
  root: { id: "root", path: "", module: {} },
  "routes/_index": route("routes/_index", { index: true }),
  "routes/wager-races.$id": route("routes/wager-races.$id", { path: "wager-races/:id" }),
  "routes/api.$": route("routes/api.$", { path: "api/*" }),
  "routes/api.users.$id": route("routes/api.users.$id", { path: "api/users/:id" }),
} as unknown as ServerBuild["routes"];

describe("createRouteLabeler", () => {
  const labelOf = createRouteLabeler(routes);

  it("labels a path with its route's pattern, never the raw URL", () => {
    expect(labelOf("/")).toBe("/");
    expect(labelOf("/wager-races/41")).toBe("/wager-races/:id");
    expect(labelOf("/api/users/7")).toBe("/api/users/:id");
    expect(labelOf("/api/nothing/here")).toBe("/api/*");
  });

  it("counts single-fetch data requests under their page", () => {
    expect(labelOf("/wager-races/41.data")).toBe("/wager-races/:id");
    expect(labelOf("/_root.data")).toBe("/");
  });

  it("gives every path no route matches one label", () => {
    expect(labelOf("/no/such/thing")).toBe(UNMATCHED_ROUTE);
    expect(labelOf("/another-one")).toBe(UNMATCHED_ROUTE);
  });
});
