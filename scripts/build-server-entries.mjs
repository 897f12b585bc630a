// The server's own files beside the Remix build, bundled by esbuild: the Remix compiler bundles one
// server entry (build/index.js), and
// - build/server.js is server.ts, which production runs with plain `node`: a runner such as the
//   tsx command would stand between the process manager and the server and relay its signals
//   (docs/decisions/0051);
// - build/sync-worker.js is the sync worker thread's entry (app/jobs/sync-worker.server.ts,
//   docs/decisions/0019): a worker thread needs a file of its own.
// Packages stay imports, as in the server build.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const { dependencies, devDependencies } = JSON.parse(readFileSync("package.json", "utf8"));

await build({
  entryPoints: {
    server: "server.ts",
    "sync-worker": "app/jobs/sync-worker.server.ts",
  },
  outdir: "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Not `packages: "external"`: that would take the `~/` imports for packages too.
  external: [...Object.keys(dependencies), ...Object.keys(devDependencies)],
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
