import { isRouteErrorResponse, useParams, useRouteError } from "@remix-run/react";
import type { ErrorResponse, Params } from "@remix-run/react";
import type { ReactElement } from "react";
import { ErrorScreen } from "./ErrorScreen";
import { NotFound } from "./NotFound";

export type StatusHandler = (info: {
  error: ErrorResponse;
  params: Readonly<Params>;
}) => ReactElement | null;

/** Every boundary shows a 404 as the not-found page unless its route says otherwise. */
const STANDARD_STATUS_HANDLERS: Record<number, StatusHandler> = { 404: () => <NotFound /> };

/** A response's body may be framework detail; its status says enough. */
function statusLine(error: ErrorResponse): string {
  return `${error.status} ${error.statusText}`;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : "An unexpected error occurred";
}

/**
 * The one error boundary (the Epic Stack's shape): a thrown response goes to its status's
 * handler (the route's, else the standard ones, else `defaultStatusHandler`), anything else to
 * `unexpectedErrorHandler`. Routes export `ErrorBoundary` as this with their own handlers.
 */
export function GeneralErrorBoundary({
  defaultStatusHandler = ({ error }) => <ErrorScreen message={statusLine(error)} />,
  statusHandlers,
  unexpectedErrorHandler = (error) => <ErrorScreen message={errorMessage(error)} />,
}: {
  defaultStatusHandler?: StatusHandler;
  statusHandlers?: Record<number, StatusHandler>;
  unexpectedErrorHandler?: (error: unknown) => ReactElement | null;
}) {
  const error = useRouteError();
  const params = useParams();
  if (!isRouteErrorResponse(error)) return unexpectedErrorHandler(error);
  const handler =
    statusHandlers?.[error.status] ??
    STANDARD_STATUS_HANDLERS[error.status] ??
    defaultStatusHandler;
  return handler({ error, params });
}
