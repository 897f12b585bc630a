import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, ElementContext, RunOptions } from "axe-core";
import { expect, jsEnabled, test } from "./fixtures";

// axe-core run in the page through its own API (axe.run), its source put in once per page. Our
// pages have no frames, which is what @axe-core/playwright adds: it put the 500 KB source in again
// for every scan and finished each in a new blank page, 2.5-5 s a scan against 0.4-1 s for the
// same axe.run (docs/decisions/0057).
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

declare global {
  interface Window {
    axe?: { run(context: ElementContext, options: RunOptions): Promise<AxeResults> };
  }
}

/** axe.run on `context` (a selector; the whole document when null) in the page. */
async function runAxe(page: Page, context: string | null, options: RunOptions = {}) {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    ([runContext, runOptions]) => {
      if (!window.axe) throw new Error("axe-core is not in the page");
      return window.axe.run(runContext ?? document, runOptions);
    },
    [context, options] as const,
  );
}

/** A violation as a line of the failure message: rule, impact and where. */
async function violationsOf(page: Page, impacts: readonly string[]): Promise<string[]> {
  // Every rule still runs and every violating node is listed; the passing and undecided nodes,
  // which nothing here reads, are not collected (a fifth of a scan's CPU, docs/decisions/0091).
  const { violations } = await runAxe(page, null, { resultTypes: ["violations"] });
  return violations
    .filter((violation) => impacts.includes(violation.impact ?? ""))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target).join(", ")}`,
    );
}

/**
 * Scans the page with axe and expects no violation of the given impacts, in a project with
 * JavaScript (axe runs inside the page); without JavaScript it checks nothing. The page a visitor
 * without JavaScript gets is the same page less its script-only parts, so the scan of the hydrated
 * page covers it (docs/decisions/0075, 0092). A page that draws something else without JavaScript
 * (a `!hydrated` branch rendering an alternative) needs a scan of its own in js-off.
 */
export async function expectNoAxeViolations(
  page: Page,
  impacts: readonly string[] = ["serious", "critical"],
) {
  if (!jsEnabled(test.info().project.name)) return;
  expect(await violationsOf(page, impacts)).toEqual([]);
}

/**
 * axe's colour-contrast rule on what the selector matches: no violation, and none it could not
 * decide (axe gives up on text over a see-through background or an image), so the text is readable
 * whatever lies beneath it.
 */
export async function expectReadableContrast(page: Page, selector: string) {
  const { violations, incomplete } = await runAxe(page, selector, {
    runOnly: { type: "rule", values: ["color-contrast"] },
  });
  const undecided = [...violations, ...incomplete].flatMap((result) =>
    result.nodes.map(
      (node) => `${result.id}: ${node.target.join(" ")} ${node.failureSummary ?? ""}`,
    ),
  );
  expect(undecided).toEqual([]);
}
