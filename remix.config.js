/**
 * Remix classic compiler (esbuild), see docs/decisions/0001-classic-remix-compiler.md.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  // A route's own server module (`api.auth.server.ts`, read by its routes) is no route.
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.server.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverBuildPath: "build/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  tailwind: true,
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
