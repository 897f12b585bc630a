import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The operator's documents stay true and whole: nothing marked "Not built yet" (what is not built
// is "Planned" in docs/product.md, and what is built is described), and no sentence cut off.
const DOCUMENTS = [
  "README.md",
  "docs/product.md",
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

describe.each(DOCUMENTS)("%s", (file) => {
  it("marks nothing 'Not built yet'", () => {
    expect(readFileSync(path.resolve(file), "utf8")).not.toMatch(/not built yet:/i);
  });

  it("ends every paragraph with the end of a sentence", () => {
    const cut = paragraphs(file).filter((paragraph) => !/[.:!?)`*"']$/.test(paragraph));
    expect(cut).toEqual([]);
  });
});
