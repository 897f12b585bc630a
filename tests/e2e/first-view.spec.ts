import { expect, jsEnabled, test, waitForHydration } from "./fixtures";

// Issue 18, Lighthouse: a first view paints from its HTML alone (the stylesheet is inlined,
// docs/decisions/0030), and the scripts, which only hydrate what is already drawn, start after
// that paint (docs/decisions/0040): they never compete with it.

const PAGES = ["/", "/leaderboard", "/wager-races"] as const;

/** The opening tags of the HTML's <link> elements. */
const linkTags = (html: string) => html.match(/<link\b[^>]*>/g) ?? [];

for (const path of PAGES) {
  test(`${path}: nothing but the HTML before the first paint, the scripts after it`, async ({
    page,
    request,
  }, info) => {
    const html = await (await request.get(path)).text();
    const links = linkTags(html);
    // Remix's module preloads are held (no href for the preload scanner), its module script too.
    const preloads = links.filter((tag) => tag.includes('rel="modulepreload"'));
    expect(preloads.length).toBeGreaterThan(0);
    for (const tag of preloads) expect(tag).toMatch(/^<link rel="modulepreload" data-href="[^"]+"/);
    expect(html).not.toMatch(/<script[^>]* type="module"/);
    // Nothing render-blocking beside the document: no stylesheet, no preload.
    expect(links.filter((tag) => /rel="(stylesheet|preload)"/.test(tag))).toEqual([]);

    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
    const scriptStarts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.startsWith("/build/"))
          .map((entry) => entry.startTime),
      );
    if (!jsEnabled(info.project.name)) {
      await page.waitForLoadState("load");
      expect(await scriptStarts()).toEqual([]);
      return;
    }
    // The page hydrates from the held scripts, each fetched after the first contentful paint.
    await waitForHydration(page);
    const firstPaint = await page.evaluate(
      () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    );
    expect(firstPaint).not.toBeNull();
    const starts = await scriptStarts();
    expect(starts.length).toBeGreaterThan(0);
    for (const start of starts) expect(start).toBeGreaterThanOrEqual(firstPaint ?? Infinity);
  });
}
