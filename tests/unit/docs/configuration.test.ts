import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/configuration.md lists every environment variable the site and its scripts read, and its
// table of the server's settings names none that the code no longer reads.
const CONFIGURATION = readFileSync(path.resolve("docs/configuration.md"), "utf8");
const SOURCES = ["app", "db", "scripts", "server.ts"];

function sourceFiles(entry: string): string[] {
  if (statSync(entry).isFile()) return /\.(ts|tsx|mjs)$/.test(entry) ? [entry] : [];
  return readdirSync(entry).flatMap((name) => sourceFiles(path.join(entry, name)));
}

/** The variables the code reads: `process.env.NAME`, `env.NAME`, and the keys of env schemas. */
function variablesRead(): Set<string> {
  const names = new Set<string>();
  for (const file of SOURCES.flatMap(sourceFiles)) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)\b/g)) names.add(match[1] ?? "");
    for (const match of text.matchAll(/^\s*([A-Z][A-Z0-9_]+): z\b/gm)) names.add(match[1] ?? "");
  }
  return names;
}

/** The first column of the "The server" table: one or more `NAME`s a row. */
function serverTableVariables(): string[] {
  const section = CONFIGURATION.split(/^## The server$/m)[1]?.split(/^## /m)[0] ?? "";
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...(line.split("|")[1] ?? "").matchAll(/`([A-Z0-9_]+)`/g)])
    .map((match) => match[1] ?? "");
}

describe("docs/configuration.md", () => {
  it("names every environment variable the code reads", () => {
    const read = [...variablesRead()];
    expect(read).toContain("SESSION_SECRET");
    expect(read).toContain("GOATED_API_TOKEN");
    expect(read.filter((name) => !CONFIGURATION.includes(`\`${name}\``))).toEqual([]);
  });

  it("lists in the server's table only variables the code reads", () => {
    const read = variablesRead();
    const listed = serverTableVariables();
    expect(listed.length).toBeGreaterThan(20);
    expect(listed.filter((name) => !read.has(name))).toEqual([]);
  });
});
