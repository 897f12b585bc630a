// The sync worker thread's entry (app/jobs/sync-worker.server.ts, docs/decisions/0019) bundled
// beside the server build as build/sync-worker.js: the Remix compiler bundles one server entry,
// and a worker thread needs a file of its own. Packages stay imports, as in the server build.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const { dependencies, devDependencies } = JSON.parse(readFileSync("package.json", "utf8"));

await build({
  entryPoints: ["app/jobs/sync-worker.server.ts"],
  outfile: "build/sync-worker.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Not `packages: "external"`: that would take the `~/` imports for packages too.
  external: [...Object.keys(dependencies), ...Object.keys(devDependencies)],
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
