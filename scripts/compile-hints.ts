// After `remix build`: V8's explicit compile hint on the scripts every page runs first, the entry
// module and the chunks it imports (React, React DOM, Remix). With the hint Chromium compiles all
// of a file's functions while it streams the file, on a background thread, instead of each one on
// the main thread at its first call: evaluating them before hydration was the longest task after
// the first paint (docs/decisions/0043). Other browsers read a comment.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

type ClientManifest = { entry: { module: string; imports?: string[] } };

/** Adds the hint to the entry module and its imports in a client build (public/build). */
export function addCompileHints(buildDir: string): void {
  const manifests = readdirSync(buildDir).filter((name) => /^manifest-.*\.js$/.test(name));
  if (manifests.length !== 1) {
    throw new Error(`expected one manifest in ${buildDir}, found ${manifests.length}`);
  }
  const source = readFileSync(path.join(buildDir, manifests[0] ?? ""), "utf8");
  const { entry } = JSON.parse(
    source.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""),
  ) as ClientManifest;
  // URLs are /build/...; the build directory is what /build serves.
  const publicDir = path.dirname(buildDir);
  for (const url of [entry.module, ...(entry.imports ?? [])]) {
    const file = path.join(publicDir, url);
    const text = readFileSync(file, "utf8");
    if (!text.startsWith(COMPILE_HINT)) writeFileSync(file, `${COMPILE_HINT}\n${text}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  addCompileHints("public/build");
}
