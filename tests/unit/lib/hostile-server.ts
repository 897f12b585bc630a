// The site's HTTP layer (app/http/http-app.server.ts in app/http/express-server.server.ts) on a real
// port, around a Remix build of the routes a test gives, for the hostile-client tests: raw
// sockets (net.connect) and requests with any Host, Origin or X-Forwarded-Host.
import { request as httpRequest } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { testHttpApp } from "../../http-app";
import { createExpressServer } from "~/http/express-server.server";
import type { ClientTimeouts } from "~/http/express-server.server";

type RouteModule = Record<string, unknown>;

/** A build whose routes are `routes` ({"support": module}) under an empty root. */
function buildOf(routes: Record<string, RouteModule>): ServerBuild {
  return {
    mode: "production",
    entry: {
      module: {
        // A page: the status and headers Remix chose, the page itself left out.
        default: (_request: Request, status: number, headers: Headers) =>
          new Response("<html>page</html>", { status, headers }),
      },
    },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      ...Object.fromEntries(
        Object.entries(routes).map(([path, module]) => [
          `routes/${path}`,
          { id: `routes/${path}`, parentId: "root", path, module },
        ]),
      ),
    },
    assets: { routes: {}, entry: { module: "", imports: [] }, url: "", version: "test" },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: {},
    isSpaMode: false,
  } as unknown as ServerBuild;
}

export interface HostileServer {
  port: number;
  server: Server;
  close(): Promise<void>;
}

export async function startHostileServer({
  routes,
  publicOrigin = null,
  adminHost = null,
  timeouts,
  maxRequestsWaiting,
}: {
  routes: Record<string, RouteModule>;
  maxRequestsWaiting?: number;
  publicOrigin?: string | null;
  adminHost?: string | null;
  timeouts?: ClientTimeouts;
}): Promise<HostileServer> {
  const app = testHttpApp({ build: buildOf(routes), publicOrigin, adminHost, maxRequestsWaiting });
  const server = createExpressServer(app, timeouts);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** One request with exactly these headers (Host and Origin included), its body a string. */
export function send(
  port: number,
  {
    method = "GET",
    path,
    headers = {},
    body,
  }: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers["content-type"] ?? "",
          body: text,
        }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}
