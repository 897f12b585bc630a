// Type declarations for what Remix passes around on our server.
declare module "@remix-run/server-runtime" {
  /** What the express app (app/lib/http-app.server.ts) hands every loader and action besides the request. */
  interface AppLoadContext {
    /** The Content-Security-Policy nonce of this response. */
    cspNonce: string;
    /** The client's address (behind a proxy on the same host, from X-Forwarded-For). */
    clientIp: string;
    /** The request came for ADMIN_HOST, which serves the admin area only (app/lib/admin-host.ts). */
    onAdminHost?: boolean;
  }

  // Remix's single fetch: loader types flow to useLoaderData without JSON serialisation rules.
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
