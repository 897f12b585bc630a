import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_ENDPOINTS } from "~/domain/api-endpoints";

/** The rows of the README's "JSON API" table, each as its trimmed cells. */
function readmeApiRows(): string[][] {
  const readme = readFileSync(path.resolve(__dirname, "../../../README.md"), "utf8");
  const section = readme.split(/^## JSON API$/m)[1]?.split(/^## /m)[0] ?? "";
  return section
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

describe("the README's JSON API table", () => {
  it("lists every endpoint of the contract, with its method, who may call it and its answer", () => {
    expect(readmeApiRows()).toEqual(
      API_ENDPOINTS.map((e) => [e.method, `\`${e.path}\``, e.access, e.answer]),
    );
  });
});
