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
 * No serious or critical axe violation on the page as this browser has it, where axe can run (with
 * JavaScript); without JavaScript it checks nothing (expectNoAxeViolations below scans the
 * server's page instead).
 */
export async function expectNoSeriousViolations(page: Page) {
  if (!jsEnabled(test.info().project.name)) return;
  expect(await violationsOf(page, ["serious", "critical"])).toEqual([]);
}

/**
 * Scans the page with axe and expects no violation of the given impacts. axe runs inside the page,
 * which a browser without JavaScript cannot do: without JavaScript, the same URL is scanned in a
 * browser that runs no script of the site's (every script request refused, so nothing hydrates):
 * the page as the server rendered it, which is what a visitor without JavaScript gets.
 */
export async function expectNoAxeViolations(
  page: Page,
  impacts: readonly string[] = ["serious", "critical"],
) {
  if (jsEnabled(test.info().project.name)) {
    expect(await violationsOf(page, impacts)).toEqual([]);
    return;
  }
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser to scan the page with");
  // Playwright Test gives new contexts the project's options: JavaScript is turned back on here.
  const scanner = await browser.newContext({
    javaScriptEnabled: true,
    storageState: await page.context().storageState(),
    viewport: page.viewportSize(),
  });
  try {
    await scanner.route("**/*", (route) =>
      route.request().resourceType() === "script" ? route.abort() : route.continue(),
    );
    const copy = await scanner.newPage();
    await copy.goto(page.url());
    expect(await violationsOf(copy, impacts)).toEqual([]);
  } finally {
    await scanner.close();
  }
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
