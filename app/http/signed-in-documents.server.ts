import { randomBytes } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { escapeHtml } from "@remix-run/react/dist/markup.js";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { encode } from "turbo-stream";
import type { DocumentData, RouteData } from "./load-context";
import { versionedCache } from "~/server/cache.server";
import { logger } from "~/server/logger.server";
import {
  MEMBER_DATA_PAGE_HEADERS,
  PAGE_CACHE_SCOPE_HEADER,
  SHELL_ONLY_USER_PAGE_HEADERS,
} from "./page-cache.server";
import { carriesCredentials } from "./private-answers.server";

const ROOT_ROUTE_ID = "root";
/** 96 MiB: about 3,700 members' frames of 27 KB, 200 members on 18 URLs each. */
export const DEFAULT_MAX_FRAME_BYTES = 96 * 1024 * 1024;
const SHELL_ONLY_SCOPE = SHELL_ONLY_USER_PAGE_HEADERS[PAGE_CACHE_SCOPE_HEADER];
const MEMBER_DATA_SCOPE = MEMBER_DATA_PAGE_HEADERS[PAGE_CACHE_SCOPE_HEADER];
/** The promises a route makes (its page's X-Page-Cache-Scope) that let its members' pages be spliced. */
type SplicedScope = typeof SHELL_ONLY_SCOPE | typeof MEMBER_DATA_SCOPE;
const SPLICED_SCOPES: readonly unknown[] = [SHELL_ONLY_SCOPE, MEMBER_DATA_SCOPE];
/**
 * Pages rendered for members' loader data (MEMBER_DATA_PAGE_HEADERS) kept at once: their data moves
 * with the clock (app/domain/time.ts pageClock), so most are kept for seconds; about 6 MB of pages
 * of 100 KB.
 */
const MAX_MEMBER_DATA_PAGES = 64;

/**
 * The statement of the inline script by which a document hands its data to the browser, written
 * as Remix's single fetch writes it (StreamTransfer in @remix-run/react: turbo-stream's encoding,
 * JSON-quoted and escaped for a script element). A document whose stream took more than one chunk
 * has no such single statement: it is then not found in the page, and the page is not kept.
 */
export async function streamedDataStatement(data: DocumentData): Promise<string> {
  const reader = encode(data).getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    text += decoder.decode(chunk.value, { stream: true });
  }
  return `window.__remixContext.streamController.enqueue(${escapeHtml(JSON.stringify(text))});`;
}

/**
 * `html` cut around `parts`, which must each be in it exactly once and in this order: the pieces
 * before, between and after them (one more than the parts), or null.
 */
export function cutAround(html: string, parts: string[]): string[] | null {
  const pieces: string[] = [];
  let from = 0;
  for (const part of parts) {
    const at = html.indexOf(part);
    if (part === "" || at < from || html.includes(part, at + 1)) return null;
    pieces.push(html.slice(from, at));
    from = at + part.length;
  }
  pieces.push(html.slice(from));
  return pieces;
}

/** The pieces of `cutAround` (as UTF-8) with `fills` put back in the parts' places. */
export function fillIn(pieces: Buffer[], fills: Buffer[]): Buffer {
  return Buffer.concat(
    pieces.flatMap((piece, i) => (i === 0 ? [piece] : [fills[i - 1] ?? Buffer.alloc(0), piece])),
  );
}

/** The frame's per-user inputs: the root loader's user and toast (null and null for a visitor). */
export interface FrameState {
  user: object | null;
  toast: object | null;
}

/** The frame's parts that depend on the user, as the page's own render writes them. */
export interface FrameParts {
  header: string;
  overlays: string;
}

/** What of the site's frame depends on the user: supplied by the app (server-runtime.server.ts). */
export interface SignedInFrame {
  /** The root loader's per-user data of a request, with the headers it sets (the toast's cookie). */
  read(request: Request): Promise<FrameState & { headers: Headers }>;
  /** Renders the frame's per-user parts of the page at `url`. */
  renderer(url: string): Promise<{ render(state: FrameState): FrameParts }>;
}

/** A visitor's page cut around its per-user parts (frame and data), with what it was made from. */
interface Template {
  /** Names this template among all kept, for the per-user parts made for it. */
  id: number;
  contentType: string;
  /**
   * The page's pieces around the per-user parts, each cut at its render's CSP nonce, as UTF-8: a
   * page joined from strings reached compression as a 100 KB two-byte rope that Node took about
   * 2.5 ms to measure (Buffer.byteLength) and then encoded again, more than the rest of a request.
   */
  pieces: Buffer[][];
  data: DocumentData;
  parts: { render(state: FrameState): FrameParts };
}

export interface SignedInDocumentsOptions {
  /**
   * The Remix request handler: renders the visitor's page (a request without any credentials), or,
   * given `routeData` in the load context, the page for that data (route-data.server.ts).
   */
  renderPage: (request: Request, loadContext: AppLoadContext) => Promise<Response>;
  /**
   * The loader data of the routes below the root that answer a member's request, or null when it
   * is not plain data (route-data.server.ts): for routes sending MEMBER_DATA_PAGE_HEADERS.
   */
  routeData?: (
    request: Request,
    req: ExpressRequest,
    res: ExpressResponse,
  ) => Promise<RouteData | null>;
  frame: SignedInFrame;
  /** Moves whenever what pages show may have changed (the sync generation). */
  generation: () => number;
  /** The route pattern that answers a path (app/http/route-label.server.ts). */
  routePattern: (pathname: string) => string;
  sessionCookieName: string;
  ttlMs?: number;
  maxEntries?: number;
  /** How many users' data statements (template and state) are kept. */
  maxUserParts?: number;
  /**
   * How many bytes of users' frames (URL and state: a member's header and overlays, about 27 KB)
   * are kept. Bounded by bytes, not by count: 200 members each on the 15 URLs of the mixed bench
   * are 3,000 frames, which 1,000 kept could not hold (docs/decisions/0108).
   */
  maxFrameBytes?: number;
  now?: () => number;
}

/**
 * Signed-in users' pages whose content is the same for everyone at a URL (routes sending
 * SHELL_ONLY_USER_PAGE_HEADERS): the visitor's page, rendered once per URL and sync generation
 * (for `ttlMs`, like the visitor page cache, decision 0006; then sent up to twice as long while it is
 * rendered again behind the request), is sent with the request's own
 * header, overlays (support widget, admin button, toast) and root loader data in place of the
 * visitor's, so a request costs its session lookup, the header's statement and a small render
 * instead of a whole document (docs/decisions/0042). Pages whose content is a function of their
 * routes' loader data (routes sending MEMBER_DATA_PAGE_HEADERS: `/`, `/wager-races`) run those
 * loaders for the request and are sent the same way from the page rendered for that data, kept by
 * the data whole (docs/decisions/0112).
 *
 * What is kept was rendered for no user (a request without cookies or credentials, given at most
 * a member's own loader data, and kept under that data), so it holds nobody else's data; each
 * request adds only its own user's. A page is kept only if the visitor's parts,
 * rendered on their own, are found in it byte for byte exactly once each; otherwise (and for any
 * request this does not serve: not GET, a Bearer token, a dead session, the admin host) Remix
 * renders the page in full as before.
 */
export function signedInDocuments({
  renderPage,
  frame,
  generation,
  routePattern,
  sessionCookieName,
  ttlMs = 30_000,
  maxEntries = 500,
  maxUserParts = 1_000,
  maxFrameBytes = DEFAULT_MAX_FRAME_BYTES,
  routeData = () => Promise.resolve(null),
  now = () => Date.now(),
}: SignedInDocumentsOptions) {
  // Each URL's template; null: the page cannot be spliced (not marked, not a 200 page, parts not
  // found), it is rendered in full. Aged by the clock only (the generation has not moved), a
  // template is sent up to twice ttlMs while one rebuild runs behind it, so no request waits for it.
  const templateCache = versionedCache<Promise<Template | null>>({
    max: maxEntries,
    ttlMs,
    staleUntilMs: 2 * ttlMs,
    now,
  });
  // Pages of MEMBER_DATA routes, each rendered for its routes' loader data (the key holds it whole).
  const memberDataTemplateCache = versionedCache<Promise<Template | null>>({
    max: MAX_MEMBER_DATA_PAGES,
    ttlMs,
    staleUntilMs: 2 * ttlMs,
    now,
  });
  // A user's header and overlays at a URL, for one state: they read the URL and the state alone,
  // so the URL's template rendered again (every ttlMs) does not render them again.
  const framePartsCache = versionedCache<{ header: Buffer; overlays: Buffer }>({
    maxBytes: {
      bytes: maxFrameBytes,
      sizeOf: ({ header, overlays }) => header.length + overlays.length,
    },
  });
  // A user's data statement made for one template and one state (all its inputs).
  const statementCache = versionedCache<Promise<Buffer>>({ max: maxUserParts });
  let templates = 0;
  // Route patterns whose route promised (in any answer) that its members' pages can be spliced.
  const splicedRoutes = new Map<string, SplicedScope>();

  async function buildTemplate(
    url: string,
    clientIp: string,
    scope: SplicedScope,
    routeData?: RouteData,
  ): Promise<Template | null> {
    const nonce = randomBytes(16).toString("base64");
    const captured: DocumentData[] = [];
    const response = await renderPage(new Request(url), {
      cspNonce: nonce,
      clientIp,
      onAdminHost: false,
      captureDocumentData: (data) => captured.push(data),
      ...(routeData ? { routeData } : {}),
    });
    const html = await response.text();
    const contentType = response.headers.get("Content-Type") ?? "";
    const [data] = captured;
    if (
      response.status !== 200 ||
      !contentType.startsWith("text/html") ||
      response.headers.get(PAGE_CACHE_SCOPE_HEADER) !== scope ||
      response.headers.has("Set-Cookie") ||
      captured.length !== 1 ||
      !data ||
      data.errors !== null ||
      typeof data.loaderData[ROOT_ROUTE_ID] !== "object" ||
      // Kept by its routes' data's JSON, a page must be rendered from data that JSON says whole.
      (scope === MEMBER_DATA_SCOPE && !isJsonData(routeData))
    ) {
      return null;
    }
    const parts = await frame.renderer(url);
    const visitor = parts.render({ user: null, toast: null });
    const pieces = cutAround(html, [
      visitor.header,
      visitor.overlays,
      await streamedDataStatement(data),
    ]);
    if (!pieces) {
      logger.warn(
        { url },
        "signed-in documents: the visitor's frame is not in the page as rendered",
      );
      return null;
    }
    templates += 1;
    return {
      id: templates,
      contentType,
      pieces: pieces.map((piece) => piece.split(nonce).map((text) => Buffer.from(text))),
      data,
      parts,
    };
  }

  /**
   * The template of the request's URL (and, for a MEMBER_DATA route, of its routes' loader data) in
   * this generation, rendered once however many ask.
   */
  function templateFor(req: ExpressRequest, data: RouteData | null): Promise<Template | null> {
    const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
    const render = (scope: SplicedScope, routeData?: RouteData) => () =>
      buildTemplate(url, req.ip ?? "unknown", scope, routeData).catch((error: unknown) => {
        logger.error({ err: error }, "signed-in documents: a page could not be rendered");
        throw error;
      });
    if (!data) {
      return templateCache.get({
        version: generation(),
        key: req.originalUrl,
        compute: render(SHELL_ONLY_SCOPE),
      });
    }
    return memberDataTemplateCache.get({
      version: generation(),
      key: `${req.originalUrl}\n${JSON.stringify(data)}`,
      compute: render(MEMBER_DATA_SCOPE, data),
    });
  }

  /** The data statement of `state`'s page made from `template`: its root data is the user's. */
  async function statementOf(template: Template, state: FrameState): Promise<Buffer> {
    const { data } = template;
    const root = { ...(data.loaderData[ROOT_ROUTE_ID] as object), ...state };
    return Buffer.from(
      await streamedDataStatement({
        ...data,
        loaderData: { ...data.loaderData, [ROOT_ROUTE_ID]: root },
      }),
    );
  }

  /** Sends the spliced page; false when this request is one for a full render. */
  async function send(
    req: ExpressRequest,
    res: ExpressResponse,
    scope: SplicedScope,
  ): Promise<boolean> {
    const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
    const request = new Request(url, { headers: requestHeaders(req) });
    const [shell, data] = await Promise.all([
      frame.read(request),
      scope === MEMBER_DATA_SCOPE ? routeData(request, req, res) : null,
    ]);
    if (!shell.user || (scope === MEMBER_DATA_SCOPE && !data)) return false;
    const template = await templateFor(req, data);
    if (!template) return false;
    const state: FrameState = { user: shell.user, toast: shell.toast };
    const stateKey = JSON.stringify(state);
    const { header, overlays } = framePartsCache.get({
      version: generation(),
      key: `${req.originalUrl}\n${stateKey}`,
      compute: () => {
        const { header, overlays } = template.parts.render(state);
        return { header: Buffer.from(header), overlays: Buffer.from(overlays) };
      },
    });
    const statement = await statementCache.get({
      version: generation(),
      key: `${template.id}\n${stateKey}`,
      compute: () => statementOf(template, state),
    });
    const fills = [header, overlays, statement];
    const nonce = Buffer.from(res.locals.cspNonce as string);
    const html = fillIn(
      template.pieces.map((piece) => fillIn(piece, new Array<Buffer>(piece.length).fill(nonce))),
      fills,
    );
    for (const cookie of shell.headers.getSetCookie()) res.append("Set-Cookie", cookie);
    res.status(200).setHeader("Content-Type", template.contentType);
    res.setHeader("X-Page-Cache", "spliced");
    res.end(html);
    return true;
  }

  // The first GET answer of each route not yet answered, while it is under way: a route's signed-in
  // requests wait for it rather than each render in full, which 200 members arriving at a freshly
  // started server all did at once (the mixed bench's slowest 1%; docs/decisions/0089). Keyed by
  // route pattern, not path: there are as many as routes, however many paths clients try.
  const firstAnswers = new Map<string, Promise<void>>();
  const answeredRoutes = new Set<string>();

  function serve(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
    // A single-fetch data request (`/leaderboard.data`) answers no page to splice.
    if (req.path.endsWith(".data")) return next();
    const route = routePattern(req.path);
    const scope = splicedRoutes.get(route);
    const splicable =
      req.method === "GET" &&
      req.headers.authorization === undefined &&
      res.locals.onAdminHost !== true &&
      carriesCredentials(req.headers, sessionCookieName);
    if (!scope) {
      const firstAnswer = firstAnswers.get(route);
      if (firstAnswer && splicable) {
        void firstAnswer.then(() => serve(req, res, next));
        return;
      }
      if (req.method === "GET" && !answeredRoutes.has(route)) {
        firstAnswers.set(
          route,
          new Promise((resolve) =>
            res.once("close", () => {
              answeredRoutes.add(route);
              firstAnswers.delete(route);
              resolve();
            }),
          ),
        );
      }
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ExpressResponse;
      res.writeHead = ((...args: unknown[]) => {
        const promised = res.getHeader(PAGE_CACHE_SCOPE_HEADER);
        if (SPLICED_SCOPES.includes(promised)) splicedRoutes.set(route, promised as SplicedScope);
        return writeHead(...args);
      }) as ExpressResponse["writeHead"];
      return next();
    }
    if (!splicable) return next();
    send(req, res, scope).then(
      (sent) => {
        if (!sent) next();
      },
      (error: unknown) => {
        logger.error({ err: error }, "signed-in documents: rendering in full instead");
        if (!res.headersSent) next();
      },
    );
  }
  return serve;
}

/**
 * Whether `value` is data its JSON says whole (objects, arrays, strings, finite numbers, booleans,
 * null): a Date, a Map, a class or `undefined` would be written the same as other values.
 */
export function isJsonData(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonData);
  if (typeof value !== "object") return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return (
    (prototype === Object.prototype || prototype === null) &&
    Object.values(value as object).every(isJsonData)
  );
}

/** The request's headers as a fetch Request carries them (the loaders read it as Remix's would). */
function requestHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined) headers.append(name, one);
    }
  }
  return headers;
}
