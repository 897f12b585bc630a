// A page whose render runs out of time (the server overloaded) answers 503 with Retry-After and a
// clear message through the real entry.server, never Remix's 500 (issue 30).
import { createRequestHandler } from "@remix-run/node";
import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import * as entryServer from "~/entry.server";
import { RENDER_TIMED_OUT_MESSAGE } from "~/entry.server";
import { SHED_RETRY_AFTER_SECONDS } from "~/http/load-shedding.server";

// The built stylesheet is not there in unit tests.
vi.mock("~/http/stylesheet-text.server", () => ({ stylesheetText: () => "body{margin:0}" }));

/** A page that never finishes rendering: it waits (Suspense) for a promise that never settles. */
const never = new Promise<never>(() => {});
function NeverReady(): null {
  throw never;
}

const routeAsset = {
  id: "root",
  path: "",
  module: "/build/root.js",
  imports: [],
  hasLoader: false,
  hasAction: false,
  hasClientLoader: false,
  hasClientAction: false,
  hasErrorBoundary: false,
};

const build = {
  mode: "production",
  entry: { module: entryServer },
  routes: { root: { id: "root", path: "", module: { default: NeverReady } } },
  assets: {
    entry: { module: "/build/entry.client.js", imports: [] },
    routes: { root: routeAsset },
    url: "/build/manifest-test.js",
    version: "test",
  },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: { v3_singleFetch: true, v3_lazyRouteDiscovery: true, v3_relativeSplatPath: true },
  isSpaMode: false,
} as unknown as ServerBuild;

describe("a render that runs out of time", () => {
  it("answers 503 with Retry-After and says the site is busy", async () => {
    const handle = createRequestHandler(build, "production");
    const response = await handle(new Request("http://localhost/"), {
      cspNonce: "n",
      clientIp: "127.0.0.1",
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe(String(SHED_RETRY_AFTER_SECONDS));
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toContain(RENDER_TIMED_OUT_MESSAGE);
  }, 20_000);
});
