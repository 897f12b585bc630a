import { PassThrough } from "node:stream";
import { redirectDocument } from "@remix-run/node";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { ADMIN_LOGIN_PATH, refusesDataRequest } from "./lib/admin-host";
import { holdScriptsUntilFirstPaint } from "./http/held-scripts.server";
import { SHED_RETRY_AFTER_SECONDS } from "./http/load-shedding.server";
import { StylesheetProvider } from "./http/inline-stylesheet";
import { NonceProvider } from "./lib/nonce";
import { stylesheetText } from "./http/stylesheet-text.server";
import "./http/load-context";

// server.ts starts the server from the build, so app/ is loaded once (one event bus, one db).
export { startServerRuntime } from "./server-runtime.server";

export const streamTimeout = 5_000;

/** How long a page may take to render before the server gives up on it (the overloaded case). */
export const RENDER_TIMEOUT_MS = streamTimeout + 1000;

export const RENDER_TIMED_OUT_MESSAGE =
  "This page took too long to prepare because the site is very busy. Please try again in a few seconds.";

/**
 * A render that ran out of time is the server's overload, not the page's fault: 503 with
 * Retry-After (as load shedding answers, app/http/load-shedding.server.ts), never cached.
 */
function renderTimedOut(): Response {
  return new Response(
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Busy · GoatedVIPs</title>` +
      `</head><body><h1>Busy</h1><p>${RENDER_TIMED_OUT_MESSAGE}</p><p><a href="/">Home</a></p></body></html>`,
    {
      status: 503,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": String(SHED_RETRY_AFTER_SECONDS),
      },
    },
  );
}

/**
 * The admin host serves the admin area only (app/lib/admin-host.ts): the data of any other page,
 * asked for by a browser moving between pages with the site's scripts, becomes a full-page
 * redirect to the admin login.
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) => {
  if (context.onAdminHost && refusesDataRequest(new URL(request.url).pathname)) {
    return redirectDocument(ADMIN_LOGIN_PATH);
  }
  return response;
};

/**
 * Renders the whole document before answering. Our loaders read a local SQLite file and defer
 * nothing, so streaming would not show anything sooner; but every streamed chunk is flushed
 * through compression on its own, which doubled the gzip size of a page. One buffer, one flush.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // Scripts held until the first paint (docs/decisions/0040), but as stock Remix (STOCK_REMIX=1).
  const held = loadContext.stockRemix
    ? (html: Buffer<ArrayBuffer>) => html
    : holdScriptsUntilFirstPaint;
  const { loaderData, actionData, errors } = remixContext.staticHandlerContext;
  loadContext.captureDocumentData?.({ loaderData, actionData, errors });
  return new Promise<Response>((resolve, reject) => {
    let timedOut = false;
    const timeout = setTimeout(() => {
      timedOut = true;
      abort();
      resolve(renderTimedOut());
    }, RENDER_TIMEOUT_MS);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StylesheetProvider value={stylesheetText()}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </StylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          if (timedOut) return;
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on("data", (chunk: Buffer) => chunks.push(chunk));
          sink.on("end", () => {
            clearTimeout(timeout);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(
              new Response(held(Buffer.concat(chunks)), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            );
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          // After a timeout the abort's own error: the 503 was answered already.
          if (!timedOut) reject(error);
        },
        onError(error: unknown) {
          if (timedOut) return;
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
  });
}
