import type express from "express";
import { shellPartsRenderer } from "~/components/shell/shell-parts.server";
import { sessionCookie } from "~/http/cookies.server";
import { createHttpApp } from "~/http/http-app.server";
import type { HttpAppOptions } from "~/http/http-app.server";
import { requestShell } from "~/services/auth/shell-user.server";

/**
 * The site's HTTP layer around `build` as the tests start it: the site's own session cookie and
 * frame, no public origin nor admin host, a database and a sync that always answer; `options`
 * override any of these.
 */
export function testHttpApp(
  options: Pick<HttpAppOptions, "build"> & Partial<HttpAppOptions>,
): express.Express {
  return createHttpApp({
    publicOrigin: null,
    adminHost: null,
    underRemixDev: false,
    shuttingDown: () => false,
    checkDatabase: async () => {},
    checkReadiness: async () => ({ ready: true, lastSuccessfulSyncAgeSeconds: 0 }),
    sessionCookieName: sessionCookie.name,
    syncGeneration: () => 0,
    signedInFrame: { read: requestShell, renderer: shellPartsRenderer },
    ...options,
  });
}
