import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMPILE_HINT, addCompileHints } from "../../../scripts/compile-hints";

// A client build as the Remix compiler writes it: the manifest names the entry module and the
// chunks it imports (React, React DOM, Remix), every route module and its chunks.
let publicDir: string;
const file = (url: string) => path.join(publicDir, url);
const write = (url: string, text: string) => {
  mkdirSync(path.dirname(file(url)), { recursive: true });
  writeFileSync(file(url), text);
};
const manifest = {
  entry: {
    module: "/build/entry.client-A.js",
    imports: ["/build/_shared/chunk-REACT.js", "/build/_shared/chunk-HELPERS.js"],
  },
  routes: {
    root: { module: "/build/root-B.js", imports: ["/build/_shared/chunk-UI.js"] },
  },
  url: "/build/manifest-C.js",
};

beforeEach(() => {
  publicDir = mkdtempSync(path.join(tmpdir(), "compile-hints-"));
  write("/build/manifest-C.js", `window.__remixManifest=${JSON.stringify(manifest)};`);
  for (const url of [
    manifest.entry.module,
    ...manifest.entry.imports,
    manifest.routes.root.module,
    ...manifest.routes.root.imports,
  ]) {
    write(url, `import "x";export{};/* ${url} */`);
  }
});

afterEach(() => rmSync(publicDir, { recursive: true, force: true }));

describe("addCompileHints", () => {
  it("marks the entry module and the chunks it imports, and nothing else", () => {
    addCompileHints(path.join(publicDir, "build"));
    for (const url of [manifest.entry.module, ...manifest.entry.imports]) {
      expect(readFileSync(file(url), "utf8")).toBe(
        `${COMPILE_HINT}\nimport "x";export{};/* ${url} */`,
      );
    }
    for (const url of [manifest.routes.root.module, ...manifest.routes.root.imports]) {
      expect(readFileSync(file(url), "utf8")).toBe(`import "x";export{};/* ${url} */`);
    }
  });

  it("marks a file once when run again on the same build", () => {
    addCompileHints(path.join(publicDir, "build"));
    addCompileHints(path.join(publicDir, "build"));
    const text = readFileSync(file(manifest.entry.module), "utf8");
    expect(text.split(COMPILE_HINT)).toHaveLength(2);
  });

  it("refuses a build directory without exactly one manifest", () => {
    write("/build/manifest-D.js", `window.__remixManifest=${JSON.stringify(manifest)};`);
    expect(() => addCompileHints(path.join(publicDir, "build"))).toThrow(/one manifest/);
  });
});
