// After `remix build`: one ESM view per CommonJS module in the browser build. esbuild imports a
// CommonJS module (React, React DOM, the JSX runtime) into an ES module through its `__toESM`
// helper, which builds a new object with a getter for every export at each importing module: about
// 85 of them (each with React's 36 exports) before the home page hydrates, a third of the CPU of
// its module evaluation in Chromium's profile at 6x CPU (docs/decisions/0095). The helper's result
// depends only on the module's exports object and its `isNodeMode` flag and importers only read
// it, so it is kept per pair and handed out again.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** Marks a runtime chunk already rewritten, so a second run leaves it as it is. */
export const SHARED_INTEROP_MARK = "/* shared ESM interop (scripts/shared-esm-interop.ts) */";

// esbuild's minified `__toESM = (mod, isNodeMode, target) => (target = mod != null ? ...`.
const TO_ESM = /(?:^|[;,\s])([A-Za-z_$][\w$]*)=\(([\w$]+),([\w$]+),([\w$]+)\)=>\(\4=\2!=null\?/;

/**
 * The helper wrapped: the same view for the same module and flag. A module's exports that are not
 * an object (a CommonJS module may export a string) are converted each time, as before.
 */
const cached = (name: string) =>
  `${SHARED_INTEROP_MARK}${name}=((toESM,views)=>(mod,isNodeMode)=>{` +
  `if(mod===null||(typeof mod!="object"&&typeof mod!="function"))return toESM(mod,isNodeMode);` +
  `let pair=views.get(mod);if(!pair)views.set(mod,pair=[]);const slot=isNodeMode?1:0;` +
  `return pair[slot]||(pair[slot]=toESM(mod,isNodeMode))})(${name},new WeakMap);`;

/** Rewrites the one chunk of a client build (public/build) that defines esbuild's `__toESM`. */
export function shareEsmInterop(buildDir: string): void {
  const chunks = readdirSync(path.join(buildDir, "_shared"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => path.join(buildDir, "_shared", name));
  const runtimes = chunks.flatMap((file) => {
    const text = readFileSync(file, "utf8");
    const name = TO_ESM.exec(text)?.[1];
    return name ? [{ file, text, name }] : [];
  });
  if (runtimes.length !== 1) {
    throw new Error(`expected one chunk with esbuild's __toESM, found ${runtimes.length}`);
  }
  const [{ file, text, name }] = runtimes as [(typeof runtimes)[number]];
  if (text.includes(SHARED_INTEROP_MARK)) return;
  // The chunk's exports bind its `var`s live: reassigning the helper before the export statement
  // (the module body runs before any importer's) is what every importer calls.
  const exportAt = text.lastIndexOf("export{");
  if (exportAt < 0) throw new Error(`no export statement in ${file}`);
  writeFileSync(file, `${text.slice(0, exportAt)}${cached(name)}${text.slice(exportAt)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  shareEsmInterop("public/build");
}
