import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_ENDPOINTS } from "~/domain/api-endpoints";

/** The rows of docs/api.md's "JSON API" table, each as its trimmed cells. */
function documentedApiRows(): string[][] {
  const doc = readFileSync(path.resolve("docs/api.md"), "utf8");
  const section = doc.split(/^## JSON API$/m)[1]?.split(/^## /m)[0] ?? "";
  const table = section.split(/\n\s*\n/).find((block) => block.startsWith("| method")) ?? "";
  return table
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .slice(2) // the header and its rule
    .map((line) =>
      line
        .slice(1, -1)
        .split("|")
        .map((cell) => cell.trim()),
    );
}

describe("docs/api.md's JSON API table", () => {
  it("lists every endpoint of the contract, with its method, who may call it and its answer", () => {
    expect(documentedApiRows()).toEqual(
      API_ENDPOINTS.map((e) => [e.method, `\`${e.path}\``, e.access, e.answer]),
    );
  });
});
