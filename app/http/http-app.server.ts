import { readdirSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { createRequestHandler } from "@remix-run/express";
import { createRequestHandler as createRemixHandler } from "@remix-run/node";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { jsonApiRoutes } from "./api-routes.server";
import { COMPRESSION_OPTIONS } from "./compression-settings";
import { ADMIN_LOGIN_PATH, adminHostRoute, isAdminHost, isAdminOrigin } from "~/lib/admin-host";
import type { CommunityChannelTest } from "~/domain/community-channels";
import type { ProviderConnectionTest } from "~/domain/provider-token";
import type { Readiness } from "~/domain/readiness";
import { SERVICE_WORKER_PATH } from "~/domain/web-app-manifest";
import { TRUSTED_PROXIES } from "./client-address.server";
import { servedOverHttps, stockRemix } from "~/server/config.server";
import { logger } from "~/server/logger.server";
import { operationsRoutes } from "./operations-routes.server";
import { defaultMaxRequestsWaiting, OVERLOADED_MESSAGE, shedLoad } from "./load-shedding.server";
import { hashOnBehalfOfClients } from "~/server/password-hash-client.server";
import { anonymousPageCache } from "./page-cache.server";
import { privateAnswersForUsers } from "./private-answers.server";
import { signedInDocuments } from "./signed-in-documents.server";
import { wholeBodyCompression } from "./whole-body-compression.server";
import type { SignedInFrame } from "./signed-in-documents.server";
import { observeRequests } from "./request-log.server";
import { createRouteLabeler } from "./route-label.server";
import { routeDataReader, withRouteData } from "./route-data.server";
import {
  CROSS_ORIGIN_MESSAGE,
  HOST_MISMATCH_MESSAGE,
  isSafeMethod,
  isSameOriginRequest,
  originNamesAddressedHost,
} from "~/lib/same-origin";
import { isStorablePercentEncoded, UNSTORABLE_TEXT_MESSAGE } from "~/lib/storable-text";

/**
 * A refusal before any route: API clients parse every /api/ answer as JSON (docs/decisions/0009),
 * browsers get a page; the message (a constant, never the request's text) says why.
 */
function refuse(
  req: express.Request,
  res: express.Response,
  status: 400 | 403 | 503,
  message: string,
) {
  if (req.path.startsWith("/api/")) {
    res.status(status).json({ status: "error", message });
    return;
  }
  const title = { 400: "Bad request", 403: "Forbidden", 503: "Busy" }[status];
  res
    .status(status)
    .type("html")
    .send(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title} · GoatedVIPs</title>` +
        `</head><body><h1>${title}</h1><p>${message}</p><p><a href="/">Home</a></p></body></html>`,
    );
}

/**
 * Browser features the site never uses are switched off for it and anything it embeds; the
 * copy-code button writes to the clipboard from our own pages only.
 */
const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
  "clipboard-write=(self)",
].join(", ");

export interface HttpAppOptions {
  build: ServerBuild;
  publicOrigin: string | null;
  /** ADMIN_HOST: the host that serves the admin area only (app/lib/admin-host.ts). */
  adminHost: string | null;
  /** Under `remix dev`, whose live reload talks to its own port. */
  underRemixDev: boolean;
  /** True once the server stops: answers then close their connection. */
  shuttingDown: () => boolean;
  /** Throws when the database does not answer (GET /healthz). */
  checkDatabase: () => Promise<void>;
  /** Migrated and the data fresh (GET /readyz). */
  checkReadiness: () => Promise<Readiness>;
  sessionCookieName: string;
  /** Moves after every sync (the anonymous page cache's key). */
  syncGeneration: () => number;
  /** The per-user parts of the site's frame, for signed-in pages spliced from a visitor's. */
  signedInFrame: SignedInFrame;
  /** Page and API requests under way past which new ones get a 503 (./load-shedding.server.ts). */
  maxRequestsWaiting?: number;
  /** The admin API-token page's 'Test connection' (the load context's). */
  testProviderConnection?: ProviderConnectionTest;
  /** The community channels page's 'Send test message' (the load context's). */
  testCommunityChannel?: CommunityChannelTest;
}

/**
 * The express app around the Remix handler: request log and metrics, security headers (helmet,
 * nonce CSP), compression, cross-origin refusal, /healthz, /readyz and /metrics, static files and
 * the page caches.
 */
export function createHttpApp({
  build,
  publicOrigin,
  adminHost,
  underRemixDev,
  shuttingDown,
  checkDatabase,
  checkReadiness,
  sessionCookieName,
  syncGeneration,
  signedInFrame,
  maxRequestsWaiting = defaultMaxRequestsWaiting(),
  testProviderConnection,
  testCommunityChannel,
}: HttpAppOptions): express.Express {
  // STOCK_REMIX=1 leaves out the departures from stock Remix marked below (./http-README.md).
  const departures = !stockRemix();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", TRUSTED_PROXIES);

  // Observability (docs/product.md §A11): one JSON log line, the request metrics, X-Request-Id.
  const routePattern = createRouteLabeler(build.routes);
  app.use(observeRequests({ routePattern }));

  app.use(compression(COMPRESSION_OPTIONS));
  // A body known whole (every page) is compressed in one call rather than through zlib's thread pool.
  if (departures) app.use(wholeBodyCompression(COMPRESSION_OPTIONS));

  app.use((_req, res, next) => {
    if (shuttingDown()) res.set("Connection", "close");
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.set("Permissions-Policy", PERMISSIONS_POLICY);
    next();
  });

  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "default-src": ["'self'"],
          "script-src": [
            "'self'",
            (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce as string}'`,
          ],
          // The stylesheet is written into the page's head under this nonce (docs/decisions/0030).
          "style-src": [
            "'self'",
            (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce as string}'`,
          ],
          "img-src": ["'self'", "data:"],
          "font-src": ["'self'"],
          // A hero's video is an admin-set https URL on any host (docs/decisions/0030).
          "media-src": ["'self'", "https:"],
          "connect-src": underRemixDev ? ["'self'", "ws://localhost:*"] : ["'self'"],
          // 'Link Telegram' posts to the profile, whose answer sends the browser on to the bot
          // (docs/decisions/0084); a form's redirect is held to this list too.
          "form-action": ["'self'", "https://t.me"],
          "frame-ancestors": ["'none'"],
          "upgrade-insecure-requests": servedOverHttps() ? [] : null,
        },
      },
      // HSTS only where the site really is https; it would pin a plain-http self-host otherwise.
      strictTransportSecurity: servedOverHttps(),
      // The PLAY and social links open in new tabs; a strict referrer policy keeps the path private.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );

  // Text the database cannot store is refused before any route reads the URL (./storable-text.ts).
  app.use((req, res, next) => {
    if (isStorablePercentEncoded(req.originalUrl)) return next();
    refuse(req, res, 400, UNSTORABLE_TEXT_MESSAGE);
  });

  // With PUBLIC_ORIGIN set, the admin host's pages post from their own origin (same scheme, any
  // port its name allows), the site's pages from PUBLIC_ORIGIN; neither posts to the other.
  app.use((req, res, next) => {
    if (isSafeMethod(req.method)) return next();
    const origin = {
      origin: req.get("origin"),
      host: req.get("host"),
      secFetchSite: req.get("sec-fetch-site"),
    };
    const sameOrigin =
      publicOrigin && adminHost && origin.origin && isAdminHost(origin.host, adminHost)
        ? isAdminOrigin(origin.origin, publicOrigin, adminHost)
        : isSameOriginRequest(origin, publicOrigin);
    if (!sameOrigin) return refuse(req, res, 403, CROSS_ORIGIN_MESSAGE);
    // Remix aborts (500) an action whose Origin is not the host it was sent to: refused first.
    if (!originNamesAddressedHost({ ...origin, forwardedHost: req.get("x-forwarded-host") })) {
      return refuse(req, res, 403, HOST_MISMATCH_MESSAGE);
    }
    next();
  });

  app.get("/healthz", async (_req, res) => {
    try {
      await checkDatabase();
      res.type("text/plain").send("ok");
    } catch (error) {
      logger.error({ err: error }, "healthz: database did not answer");
      res.status(503).type("text/plain").send("database unavailable");
    }
  });
  app.use(operationsRoutes({ checkReadiness }));

  // Fingerprinted assets never change; everything else in public/ may. A folder of public/ that
  // shares a page's path (public/promotions) must not redirect the page to a trailing slash.
  // Only paths under one of public/'s entries are looked up on disk: the API and the pages skip
  // a file-system check per request.
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  // The service worker (public/service-worker.js) is checked for a new version on every visit:
  // the browser caps its own HTTP caching of it at a day, no-cache makes that never.
  const publicFiles = express.static("public", {
    maxAge: "1h",
    redirect: false,
    setHeaders: (res, filePath) => {
      if (`/${path.relative("public", filePath)}` !== SERVICE_WORKER_PATH) return;
      res.setHeader("Cache-Control", "no-cache");
      res.setHeader("Content-Type", "text/javascript; charset=utf-8");
    },
  });
  const publicEntries = new Set(readdirSync("public"));
  app.use((req, res, next) =>
    publicEntries.has(req.path.split("/")[1] ?? "") ? publicFiles(req, res, next) : next(),
  );

  // The admin host serves the admin area only; its pages' assets were served just above.
  app.use((req, res, next) => {
    res.locals.onAdminHost = isAdminHost(req.get("host"), adminHost);
    if (!res.locals.onAdminHost || adminHostRoute(req.path) !== "to-admin-login") return next();
    res.redirect(isSafeMethod(req.method) ? 302 : 303, ADMIN_LOGIN_PATH);
  });

  // Past a bounded number of pages and API requests under way, the next is refused at once.
  app.use(
    shedLoad({
      maxWaiting: maxRequestsWaiting,
      refuse: (req, res, retryAfterSeconds) => {
        res.set("Retry-After", String(retryAfterSeconds));
        refuse(req, res, 503, OVERLOADED_MESSAGE);
      },
    }),
  );

  // Anything answered for a signed-in user (cookie or Bearer) is `private, no-store`.
  app.use(privateAnswersForUsers(sessionCookieName));
  // Pages the app marks as depending on the URL alone (the leaderboard) are rendered once per
  // sync for visitors without cookies or credentials (docs/decisions/0006).
  // Signed-in users get those pages (where only the frame depends on the user) as the visitor's page
  // with their own frame and data spliced in (docs/decisions/0042); pages whose content reads the
  // user in their loaders alone (the home page, the race) as the page rendered for their loaders'
  // data (docs/decisions/0112).
  if (departures) {
    const readRouteData = routeDataReader(build);
    app.use(anonymousPageCache({ generation: syncGeneration }));
    app.use(
      signedInDocuments({
        renderPage: createRemixHandler(withRouteData(build), build.mode),
        routeData: (request, req, res) => readRouteData(request, loadContext(req, res)),
        frame: signedInFrame,
        generation: syncGeneration,
        routePattern,
        sessionCookieName,
      }),
    );
  }

  // Password hashes count against their client's share of the queue and leave it with the client.
  app.use(hashOnBehalfOfClients());

  const loadContext = (req: express.Request, res: express.Response): AppLoadContext => ({
    cspNonce: res.locals.cspNonce as string,
    clientIp: req.ip ?? "unknown",
    onAdminHost: res.locals.onAdminHost === true,
    testProviderConnection,
    testCommunityChannel,
    ...(departures ? {} : { stockRemix: true }),
  });
  // The JSON API answers with its route modules' handlers, without Remix's page routing.
  if (departures) app.use(jsonApiRoutes(build, loadContext));
  app.all("*", createRequestHandler({ build, mode: build.mode, getLoadContext: loadContext }));
  return app;
}
