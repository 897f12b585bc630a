/**
 * The site's answer to cross-site request forgery and cross-site websocket hijacking: a browser
 * always names the page's origin on a POST or a websocket upgrade, so a request naming another
 * origin is refused. Requests without an Origin come from non-browser clients (API bots, curl),
 * which a forged page cannot impersonate; refusing a cross-site Sec-Fetch-Site there too is
 * defence in depth.
 */
export interface OriginCheckInput {
  origin: string | undefined;
  host: string | undefined;
  secFetchSite: string | undefined;
}

/**
 * @param publicOrigin the configured PUBLIC_ORIGIN; without it the Origin's host must equal the
 *   request's Host (the scheme is unknown behind a TLS-terminating proxy).
 */
export function isSameOriginRequest(input: OriginCheckInput, publicOrigin: string | null): boolean {
  const { origin, host, secFetchSite } = input;
  if (origin === undefined || origin === "") {
    return secFetchSite !== "cross-site" && secFetchSite !== "same-site";
  }
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file://) and garbage are never our origin
  }
  if (publicOrigin) return parsed.origin === publicOrigin;
  return host !== undefined && parsed.host.toLowerCase() === host.toLowerCase();
}

/**
 * Whether a request's Origin names the host it was sent to: the first `X-Forwarded-Host`, else
 * `Host`, compared exactly as Remix compares them before an action (it throws, a 500, otherwise).
 * A request without an Origin is left to isSameOriginRequest.
 */
export function originNamesAddressedHost(
  input: OriginCheckInput & { forwardedHost: string | undefined },
): boolean {
  const { origin, host, forwardedHost } = input;
  if (origin === undefined || origin === "") return true;
  const addressed = forwardedHost?.split(",")[0]?.trim() || host;
  try {
    return new URL(origin).host === addressed;
  } catch {
    return false;
  }
}

/** GET and HEAD never change state; every other method must come from the site itself. */
export function isSafeMethod(method: string | undefined): boolean {
  return method === "GET" || method === "HEAD";
}

export const CROSS_ORIGIN_MESSAGE =
  "Forbidden: this request came from another site. Submit forms from the site itself.";

export const HOST_MISMATCH_MESSAGE =
  "Forbidden: this request's Origin does not name the host it was sent to (Host or X-Forwarded-Host).";
