import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DECISIONS = path.resolve("docs/decisions");

describe("docs/decisions/README.md", () => {
  it("lists every decision record, and only those", () => {
    const records = readdirSync(DECISIONS)
      .filter((file) => /^\d{4}-.+\.md$/.test(file))
      .sort();
    const index = readFileSync(path.join(DECISIONS, "README.md"), "utf8");
    const listed = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((match) => match[1]).sort();
    expect(listed).toEqual(records);
  });

  it("finds the figures a record moved to docs/benchmarks-notes.md under the record's number", () => {
    const notes = readFileSync(path.resolve("docs/benchmarks-notes.md"), "utf8");
    const sections = [...notes.matchAll(/^## (\d{4}): /gm)].map((match) => match[1]);
    const pointing = readdirSync(DECISIONS)
      .filter((file) => /^\d{4}-.+\.md$/.test(file))
      .filter((file) =>
        readFileSync(path.join(DECISIONS, file), "utf8").includes("benchmarks-notes.md"),
      )
      .map((file) => file.slice(0, 4));
    expect(pointing.length).toBeGreaterThan(0);
    expect(pointing).toEqual(sections);
  });
});
