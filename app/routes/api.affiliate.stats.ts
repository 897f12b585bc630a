import { ifNoneMatchHits } from "~/lib/etag";
import { apiRoute } from "~/http/json-api.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { affiliateStatsAnswer } from "~/services/players/affiliate-stats.server";
import { playerNamesVersion } from "~/services/players/player-names.server";
import { lastSuccessfulSync } from "~/services/operations/sync-runs.server";

/** The data changes only on a sync; clients and proxies may reuse an answer briefly. */
const CACHE_CONTROL = "public, max-age=30";

const pagingSchema = z
  .object({
    page: z.coerce
      .number({ message: "page must be a whole number of at least 1" })
      .int("page must be a whole number of at least 1")
      .min(1, "page must be a whole number of at least 1")
      .optional(),
    limit: z.coerce
      .number({ message: "limit must be a whole number from 1 to 100" })
      .int("limit must be a whole number from 1 to 100")
      .min(1, "limit must be a whole number from 1 to 100")
      .max(100, "limit must be a whole number from 1 to 100")
      .optional(),
  })
  .transform(({ page, limit }) =>
    page === undefined && limit === undefined ? null : { page: page ?? 1, limit: limit ?? 100 },
  );

/**
 * GET /api/affiliate/stats[?page=N&limit=M]: the leaderboard in the spec's structured shape
 * (docs/product.md §P3). With paging, that page of each period; without, every player with a non-zero
 * total in each period. The ETag is the last successful sync (and the names' version), whose time the body carries as
 * lastUpdated (so a 304 never keeps an old lastUpdated).
 */
async function stats({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const paging = pagingSchema.safeParse({
    page: params.get("page") || undefined,
    limit: params.get("limit") || undefined,
  });
  if (!paging.success) {
    return Response.json(
      { status: "error", message: paging.error.issues[0]?.message ?? "Invalid paging" },
      { status: 400 },
    );
  }

  const lastSuccess = await lastSuccessfulSync();
  // Names are shown as the masking setting says: a change of it is new data (docs/decisions/0081).
  const version = `${lastSuccess?.id ?? 0}.${playerNamesVersion()}`;
  const etag = `W/"sync-${version}"`;
  const headers = { ETag: etag, "Cache-Control": CACHE_CONTROL, Vary: "Accept-Encoding" };
  if (ifNoneMatchHits(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  const answer = await affiliateStatsAnswer(paging.data, {
    version,
    lastUpdated: lastSuccess?.finished_at ?? null,
  });
  const json = { ...headers, "Content-Type": "application/json; charset=utf-8" };
  // Compressed once per sync; the server's compression leaves an encoded response alone.
  return acceptsGzip(request.headers.get("Accept-Encoding"))
    ? new Response(answer.gzip, { headers: { ...json, "Content-Encoding": "gzip" } })
    : new Response(answer.json, { headers: json });
}

function acceptsGzip(acceptEncoding: string | null): boolean {
  return (acceptEncoding ?? "").split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    return coding === "gzip" && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

const route = apiRoute({ GET: stats });
export const loader = route.loader;
export const action = route.action;
