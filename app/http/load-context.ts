// Type declarations for what Remix passes around on our server.
import type { CommunityChannelTest } from "~/domain/community-channels";
import type { ProviderConnectionTest } from "~/domain/provider-token";

/** The data of a page's routes below the root, by route id. */
export type RouteData = Record<string, unknown>;

/** The state Remix's single fetch streams into a document: each route's loader data, by route id. */
export interface DocumentData {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
}

declare module "@remix-run/server-runtime" {
  /** What the express app (app/http/http-app.server.ts) hands every loader and action besides the request. */
  interface AppLoadContext {
    /** The Content-Security-Policy nonce of this response. */
    cspNonce: string;
    /** The client's address (behind a proxy on the same host, from X-Forwarded-For). */
    clientIp: string;
    /** STOCK_REMIX=1 (app/server/config.server.ts): the document as Remix writes it, scripts not held. */
    stockRemix?: boolean;
    /** The request came for ADMIN_HOST, which serves the admin area only (app/lib/admin-host.ts). */
    onAdminHost?: boolean;
    /**
     * Given the data a rendered document hands the browser (its loaders' data, for the inline
     * stream): the signed-in documents keep it beside the visitor's page (signed-in-documents.server.ts).
     */
    captureDocumentData?: (data: DocumentData) => void;
    /**
     * The data, by route id, that the routes below the root answer in this render instead of
     * running their loaders: a signed-in member's page rendered for data read before, without
     * the member's credentials (app/http/route-data.server.ts, docs/decisions/0112).
     */
    routeData?: RouteData;
    /**
     * The admin API-token page's 'Test connection' (app/provider/client.server.ts), handed in by
     * the server since routes do not import the provider's client (docs/decisions/0017).
     */
    testProviderConnection?: ProviderConnectionTest;
    /** The community channels page's 'Send test message' (app/provider/community-channels.server.ts). */
    testCommunityChannel?: CommunityChannelTest;
  }

  // Remix's single fetch: loader types flow to useLoaderData without JSON serialisation rules.
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
