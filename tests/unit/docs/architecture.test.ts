import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/architecture.md stays true as the code moves: every file and folder it names exists.
const ARCHITECTURE = "docs/architecture.md";
const TOP_LEVEL = /^(app|db|tests|bench|scripts|docs|patches|public)\/|^[\w.-]+\.(ts|js|md)$/;

/**
 * The repository paths a Markdown file names in code spans (`app/jobs/`, `server.ts`), without
 * patterns (`api.*.ts`), URL paths (`/ws/chat`) and build output (`build/`, not in the repository).
 */
function namedPaths(file: string): string[] {
  const text = readFileSync(path.resolve(file), "utf8");
  const spans = [...text.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] ?? "");
  return [...new Set(spans.filter((span) => TOP_LEVEL.test(span) && !/[*{}<>]/.test(span)))];
}

describe(ARCHITECTURE, () => {
  it("names the folders of app/ and the files the data flow passes through", () => {
    const named = namedPaths(ARCHITECTURE);
    for (const folder of ["app/domain/", "app/services/", "app/lib/", "app/provider/"]) {
      expect(named).toContain(folder);
    }
    expect(named).toContain("server.ts");
    expect(named.length).toBeGreaterThan(40);
  });

  it("names only paths that exist", () => {
    expect(namedPaths(ARCHITECTURE).filter((named) => !existsSync(path.resolve(named)))).toEqual(
      [],
    );
  });
});
