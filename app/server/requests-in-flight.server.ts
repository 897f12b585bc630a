/**
 * The requests under way, by request id (app/http/request-log.server.ts), with the signed-in user
 * once the app has looked it up: the request's log line names the user without a lookup of its
 * own. Kept apart from the request log so the session code imports a map, not the logger.
 */
const inFlight = new Map<string, { userId: number | null; startedAt: number }>();

export function requestStarted(id: string): void {
  inFlight.set(id, { userId: null, startedAt: performance.now() });
}

/** How many requests are under way (/metrics' http_requests_in_flight). */
export function requestsInFlight(): number {
  return inFlight.size;
}

export function isRequestInFlight(id: string): boolean {
  return inFlight.has(id);
}

/** Forgets the request; returns its start (performance.now()) and user, if it was known. */
export function requestFinished(id: string): { userId: number | null; startedAt: number } | null {
  const entry = inFlight.get(id);
  inFlight.delete(id);
  return entry ?? null;
}

/**
 * Called where the app finds a request's signed-in user (app/services/auth/sessions.server.ts). The
 * request id travels in the request's X-Request-Id header, set by the request log before the app
 * sees the request; an id not under way (a request made up in a test or script) is ignored.
 */
export function noteRequestUser(request: Request, userId: number): void {
  const entry = inFlight.get(request.headers.get("x-request-id") ?? "");
  if (entry) entry.userId = userId;
}
