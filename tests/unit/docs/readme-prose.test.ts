import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The operator's documents stay true and whole: nothing marked "Not built yet" (what is not built
// is "Planned" in docs/product.md, and what is built is described), and no sentence cut off.
const DOCUMENTS = [
  "README.md",
  ...["product", "architecture", "api", "configuration", "operations"].map(
    (doc) => `docs/${doc}.md`,
  ),
  ...readdirSync("docs/deploy")
    .filter((file) => file.endsWith(".md"))
    .map((file) => `docs/deploy/${file}`),
];

/** The prose paragraphs of a Markdown file: no code blocks, headings or tables. */
function paragraphs(file: string): string[] {
  const text = readFileSync(path.resolve(file), "utf8").replace(/```[\s\S]*?```/g, "");
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "" && !/^[#|]/.test(paragraph));
}

describe("README.md", () => {
  // What a newcomer reads first: what it is, the two commands, the essential settings, where to
  // go next (issue 31); the rest is in docs/.
  it("is at most 150 lines", () => {
    const lines = readFileSync(path.resolve("README.md"), "utf8").trimEnd().split("\n");
    expect(lines.length).toBeLessThanOrEqual(150);
  });
});

describe.each(DOCUMENTS)("%s", (file) => {
  it("marks nothing 'Not built yet'", () => {
    expect(readFileSync(path.resolve(file), "utf8")).not.toMatch(/not built yet:/i);
  });

  it("links only to files that exist", () => {
    const text = readFileSync(path.resolve(file), "utf8");
    const targets = [...text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
      .map((match) => match[1] ?? "")
      .filter((target) => !/^[a-z]+:/.test(target));
    const broken = targets.filter(
      (target) => !existsSync(path.resolve(path.dirname(file), target)),
    );
    expect(broken).toEqual([]);
  });

  it("ends every paragraph with the end of a sentence", () => {
    const cut = paragraphs(file).filter((paragraph) => !/[.:!?)`*"']$/.test(paragraph));
    expect(cut).toEqual([]);
  });
});
