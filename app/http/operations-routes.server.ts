import { createHash, timingSafeEqual } from "node:crypto";
import express from "express";
import proxyAddr from "proxy-addr";
import type { Request } from "express";
import type { Readiness } from "~/domain/readiness";
import { clientAddress } from "./client-address.server";
import { readServerConfig } from "~/server/config.server";
import { logger } from "~/server/logger.server";
import { metricsText } from "~/server/metrics.server";

/**
 * The operator's endpoints (docs/product.md §A11), beside /healthz:
 * - GET /metrics: Prometheus text. Open to loopback (a scraper on the machine); from elsewhere
 *   only with `Authorization: Bearer $METRICS_TOKEN`, refused (403) when no token is set. The
 *   address is the one client-address.server.ts trusts: X-Forwarded-For counts only when a proxy
 *   on this machine sent it, so a client cannot claim to be loopback.
 * - GET /readyz: 200 when migrated and the data is fresh, else 503 with the reason (JSON).
 */
export function operationsRoutes({
  checkReadiness,
}: {
  checkReadiness: () => Promise<Readiness>;
}): express.Router {
  const router = express.Router();

  router.get("/metrics", async (req, res) => {
    const access = metricsAccess(req);
    if (access !== "allowed") {
      if (access === "token required") res.set("WWW-Authenticate", "Bearer");
      res
        .status(access === "token required" ? 401 : 403)
        .type("text/plain")
        .send(
          access === "token required"
            ? "Send Authorization: Bearer with the METRICS_TOKEN"
            : "Metrics are served to this machine only (set METRICS_TOKEN to scrape from elsewhere)",
        );
      return;
    }
    try {
      const { contentType, body } = await metricsText();
      res.set("Cache-Control", "no-store").type(contentType).send(body);
    } catch (error) {
      logger.error({ err: error }, "metrics: collecting failed");
      res.status(500).type("text/plain").send("collecting the metrics failed");
    }
  });

  router.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      const readiness = await checkReadiness();
      if (readiness.ready) {
        res.json({
          status: "ready",
          lastSuccessfulSyncAgeSeconds: readiness.lastSuccessfulSyncAgeSeconds,
          provider: readiness.provider,
        });
      } else {
        res
          .status(503)
          .json({ status: "not ready", reason: readiness.reason, provider: readiness.provider });
      }
    } catch (error) {
      logger.error({ err: error }, "readyz: the database did not answer");
      res.status(503).json({ status: "not ready", reason: "The database did not answer" });
    }
  });

  return router;
}

function metricsAccess(req: Request): "allowed" | "token required" | "refused" {
  const token = readServerConfig().METRICS_TOKEN;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.get("authorization") ?? "")?.[1];
  if (token && bearer && sameSecret(bearer, token)) return "allowed";
  if (isLoopbackAddress(clientAddress(req), 0)) return "allowed";
  return token ? "token required" : "refused";
}

/** Compares digests of equal length, so the time taken says nothing about the token. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const isLoopbackAddress = proxyAddr.compile("loopback");
