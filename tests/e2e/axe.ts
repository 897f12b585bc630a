import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, jsEnabled, test } from "./fixtures";

/** A violation as a line of the failure message: rule, impact and where. */
async function violationsOf(page: Page, impacts: readonly string[]): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
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
  const { violations, incomplete } = await new AxeBuilder({ page })
    .include(selector)
    .withRules(["color-contrast"])
    .analyze();
  const undecided = [...violations, ...incomplete].flatMap((result) =>
    result.nodes.map(
      (node) => `${result.id}: ${node.target.join(" ")} ${node.failureSummary ?? ""}`,
    ),
  );
  expect(undecided).toEqual([]);
}
