import { parseReferralPayload } from "./payload.server";
import type { Referral } from "~/domain/referral";
import type { ProviderConnectionTest } from "~/domain/provider-token";

export const PROVIDER_TIMEOUT_MS = 10_000;

export interface ProviderEndpoint {
  baseUrl: string;
  affiliateUid: string;
  /** null: the provider is called without an Authorization header (some affiliates need none). */
  token: string | null;
}

/**
 * What one call to the provider gave. Failure messages are the product's (docs/product.md §P8),
 * since the leaderboard shows them when there is no data to fall back on.
 */
export type FetchReferralsResult =
  | { ok: true; referrals: Referral[]; skipped: number }
  | {
      ok: false;
      error: string;
      rateLimited?: true;
      retryAfterMs?: number;
      /** The provider's HTTP status and its own message, when it answered with an error. */
      status?: number;
      providerMessage?: string;
    };

export const RATE_LIMITED_MESSAGE = "API rate limit exceeded. Please try again later.";
export const TIMED_OUT_MESSAGE = "Request timed out. Please try again later.";
export const MALFORMED_MESSAGE = "Invalid data format received from server";

/** The largest body read from the provider: 100,000 referrals are about 13 MB. */
export const MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;
export const tooLargeMessage = (maxBytes: number) =>
  `Provider response larger than ${(maxBytes / 1024 / 1024).toFixed(0)} MB`;

/** `GET {base}/user2/affiliate/referral-leaderboard/{code}` with the bearer token, if any. */
export function referralLeaderboardUrl({ baseUrl, affiliateUid }: ProviderEndpoint): string {
  const base = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  return new URL(
    `user2/affiliate/referral-leaderboard/${encodeURIComponent(affiliateUid)}`,
    base,
  ).toString();
}

export async function fetchReferrals(
  endpoint: ProviderEndpoint,
  {
    timeoutMs = PROVIDER_TIMEOUT_MS,
    now = () => Date.now(),
    maxPayloadBytes = MAX_PAYLOAD_BYTES,
  } = {},
): Promise<FetchReferralsResult> {
  // One deadline for the whole exchange: headers and body.
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(referralLeaderboardUrl(endpoint), {
      headers: endpoint.token
        ? { Authorization: `Bearer ${endpoint.token}`, Accept: "application/json" }
        : { Accept: "application/json" },
      signal,
    });
    if (response.status === 429) {
      await response.body?.cancel();
      return {
        ok: false,
        error: RATE_LIMITED_MESSAGE,
        rateLimited: true,
        retryAfterMs: retryAfterMs(response.headers.get("Retry-After"), now()),
      };
    }
    if (!response.ok) {
      const providerMessage = await errorMessageOf(response);
      return {
        ok: false,
        error: `HTTP error! status: ${response.status}`,
        status: response.status,
        ...(providerMessage ? { providerMessage } : {}),
      };
    }
    const text = await readCapped(response, maxPayloadBytes);
    if (text === null) return { ok: false, error: tooLargeMessage(maxPayloadBytes) };
    let body: unknown;
    try {
      // One JSON.parse: this runs on the sync worker thread (docs/decisions/0019).
      body = JSON.parse(text);
    } catch {
      return { ok: false, error: MALFORMED_MESSAGE };
    }
    const parsed = parseReferralPayload(body);
    return parsed.ok ? parsed : { ok: false, error: parsed.error };
  } catch (error) {
    if (signal.aborted) return { ok: false, error: TIMED_OUT_MESSAGE };
    const reason = error instanceof Error ? (error.cause ?? error) : error;
    const message = reason instanceof Error ? reason.message : String(reason);
    return { ok: false, error: `Could not reach the provider: ${message}` };
  }
}

/** The largest error body read for the provider's own message. */
const MAX_ERROR_BODY_BYTES = 4096;

/** The `message` (or `error`) of the provider's JSON error body, or its short text; "" if none. */
async function errorMessageOf(response: Response): Promise<string> {
  const text = await readCapped(response, MAX_ERROR_BODY_BYTES).catch(() => null);
  if (!text) return "";
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === "object") {
      const { message, error } = body as Record<string, unknown>;
      const said = typeof message === "string" ? message : typeof error === "string" ? error : "";
      return said.trim().slice(0, 200);
    }
  } catch {
    // Not JSON: the text itself, when it is short enough to be a message.
  }
  return text.length <= 200 ? text.trim() : "";
}

/**
 * 'Test connection' on the admin API-token page: one fetch with the typed token (or none) and
 * code against `baseUrl`, answering the player count or the provider's own refusal.
 */
export function connectionTester(baseUrl: string, timeoutMs?: number): ProviderConnectionTest {
  return async ({ token, affiliateUid }) => {
    const fetched = await fetchReferrals({ baseUrl, affiliateUid, token }, { timeoutMs });
    if (fetched.ok) return { ok: true, players: fetched.referrals.length };
    const said = fetched.providerMessage ? ` (${fetched.providerMessage})` : "";
    return { ok: false, httpStatus: fetched.status ?? null, message: `${fetched.error}${said}` };
  };
}

/** The body as text, or null (and the rest left unread) once it passes `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(response.headers.get("Content-Length"));
  if (declared > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return "";
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    bytes += read.value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    parts.push(decoder.decode(read.value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join("");
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(header: string | null, nowMs: number): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
