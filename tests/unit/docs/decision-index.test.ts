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
});
