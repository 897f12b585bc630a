import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SHARED_INTEROP_MARK, shareEsmInterop } from "../../../scripts/shared-esm-interop";

// esbuild's runtime chunk as the Remix compiler writes it (minified, with the compile hint of
// scripts/compile-hints.ts first): `q` is __toESM, `o` __commonJS.
const RUNTIME =
  "//# allFunctionsCalledOnLoad\n" +
  "var g=Object.create;var e=Object.defineProperty;var h=Object.getOwnPropertyDescriptor;" +
  "var i=Object.getOwnPropertyNames;var j=Object.getPrototypeOf,k=Object.prototype.hasOwnProperty;" +
  "var o=(b,a)=>()=>(a||b((a={exports:{}}).exports,a),a.exports)," +
  'm=(b,a,c,f)=>{if(a&&typeof a=="object"||typeof a=="function")for(let d of i(a))!k.call(b,d)&&d!==c&&e(b,d,{get:()=>a[d],enumerable:!(f=h(a,d))||f.enumerable});return b};' +
  'var q=(b,a,c)=>(c=b!=null?g(j(b)):{},m(a||!b||!b.__esModule?e(c,"default",{value:b,enumerable:!0}):c,b));' +
  "export{o as b,q as d};\n";

let buildDir: string;
const runtimeFile = () => path.join(buildDir, "_shared", "chunk-RUNTIME.js");

beforeEach(() => {
  buildDir = path.join(mkdtempSync(path.join(tmpdir(), "shared-esm-interop-")), "build");
  mkdirSync(path.join(buildDir, "_shared"), { recursive: true });
  writeFileSync(runtimeFile(), RUNTIME);
  writeFileSync(path.join(buildDir, "_shared", "chunk-UI.js"), 'import"./chunk-RUNTIME.js";');
});

afterEach(() => rmSync(path.dirname(buildDir), { recursive: true, force: true }));

type Runtime = {
  b: (body: (exports: object, module: { exports: unknown }) => void) => () => unknown;
  d: (mod: unknown, isNodeMode?: number) => Record<string, unknown>;
};
const load = async () => (await import(`${pathToFileURL(runtimeFile()).href}?${Date.now()}`)) as Runtime;

describe("shareEsmInterop", () => {
  it("hands every importer of a CommonJS module the same live view of it", async () => {
    const before = await load();
    const react = { useState: () => "state" };
    // As esbuild's output was: a new view per importing module.
    expect(before.d(react, 1)).not.toBe(before.d(react, 1));

    shareEsmInterop(buildDir);
    const { b: commonJS, d: toESM } = await load();
    const requireReact = commonJS((_exports, module) => {
      module.exports = react;
    });
    const first = toESM(requireReact(), 1);
    expect(toESM(requireReact(), 1)).toBe(first);
    expect(first.useState).toBe(react.useState);
    expect(first.default).toBe(react);
    // The flag changes the view of a transpiled ES module: each flag keeps its own.
    const transpiled = { __esModule: true, default: "d", named: "n" };
    expect(toESM(transpiled).default).toBe("d");
    expect(toESM(transpiled, 1).default).toBe(transpiled);
    expect(toESM(transpiled)).toBe(toESM(transpiled));
    // Not an object: converted as before.
    expect(toESM("text", 1).default).toBe("text");
  });

  it("rewrites the runtime chunk once and nothing else", () => {
    shareEsmInterop(buildDir);
    shareEsmInterop(buildDir);
    const text = readFileSync(runtimeFile(), "utf8");
    expect(text.split(SHARED_INTEROP_MARK)).toHaveLength(2);
    expect(text.startsWith("//# allFunctionsCalledOnLoad\n")).toBe(true);
    expect(text.endsWith("export{o as b,q as d};\n")).toBe(true);
    expect(readFileSync(path.join(buildDir, "_shared", "chunk-UI.js"), "utf8")).toBe(
      'import"./chunk-RUNTIME.js";',
    );
  });

  it("fails the build when esbuild's helper is not found once", () => {
    writeFileSync(runtimeFile(), "export{};");
    expect(() => shareEsmInterop(buildDir)).toThrow(/found 0/);
  });
});
