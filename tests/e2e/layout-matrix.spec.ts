import type { Page, Response } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { createSignedInAccount, signInAs } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expect, onlyWithJavaScript, test } from "./fixtures";

// Nothing scrolls sideways and nothing floating (support bubble, admin and scroll buttons) lies
// over a link, button or field, at every width from a small phone to a wide desktop (issue 18,
// "What a player sees"), nor over any text at the page's top or end (issue 35, docs/decisions/0096).
// One page per test, resized in place, so the whole matrix costs a few page loads per width
// rather than a test per cell.
// With JavaScript only: these pages draw nothing without it that they do not draw with it
// (docs/decisions/0075). The content pages' checks (status, heading, title, description, axe) are
// made on the same page loads, at the default width before the matrix (docs/decisions/0091).
test.beforeEach(() => onlyWithJavaScript("the page with its script-only parts is the larger one"));

const WIDTHS = [320, 390, 768, 1280, 1366, 1440, 1920] as const;
// The phones where every table cell must read whole (issue 35); 360 px for that check only.
const PHONE_WIDTHS = [360, 390] as const;
// Where nothing floating may lie over any text or target at the page's top and end (issue 35):
// the phones, and the desktop width where the floating buttons move to the gutters.
const FLOATING_WIDTHS = [360, 390, 1280] as const;
// A small laptop's or a phone's window: the first view is where floating things do harm.
const HEIGHT = 640;
// Playwright's default, where the content pages' checks ran before they joined this walk.
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

/** Each page, with its content page's level-1 heading where it is one (null: no fixed text). */
const PUBLIC_PAGES = [
  ["/", null],
  ["/wager-races"],
  ["/leaderboard"],
  ["/tips-and-strategies", "Tips & Strategies"],
  ["/promotions", "Promotions"],
  ["/help", "Help & Support"],
  ["/provably-fair", "Provably Fair"],
  ["/telegram", "Telegram Community"],
  ["/how-it-works", "How It Works"],
  ["/goated-token", "Goated Token Airdrop"],
  ["/faq", "Frequently Asked Questions"],
  ["/vip-program", "VIP Program"],
  ["/challenges", "Challenges"],
  ["/socials", "Socials"],
  ["/auth"],
  ["/no-such-page"],
] as const;

const MEMBER_PAGES = [
  ["/"],
  ["/leaderboard"],
  ["/profile"],
  ["/vip-transfer", "VIP Transfer"],
  ["/support", "VIP Support"],
  ["/bonus-codes", "Bonus Codes"],
] as const;

// The admin pages with tables (AdminTable, the wager charts' figures).
const ADMIN_TABLE_PAGES = [
  "/admin/users",
  "/admin/analytics",
  "/admin/api-tokens",
  "/admin/audit",
  "/admin/flags",
] as const;

/**
 * A username as long as the sign-up rule allows (app/domain/account-forms.ts: 50 characters), in
 * wide letters, unique per test (the projects share one database).
 */
const longestUsername = () => "W".repeat(42) + randomBytes(4).toString("hex");

/** Runs in the page: whether it scrolls sideways, and the innermost elements sticking out. */
function sidewaysScroll(): string[] {
  const { scrollWidth } = document.documentElement;
  if (scrollWidth <= innerWidth) return [];
  const sticking = [...document.body.querySelectorAll("*")]
    .filter((element) => element.getBoundingClientRect().right > innerWidth + 0.5)
    .filter(
      (element, index, all) => !all.some((other) => other !== element && element.contains(other)),
    )
    .slice(0, 3)
    .map(
      (element) =>
        `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`,
    );
  return [`scrolls sideways (${scrollWidth} > ${innerWidth}): ${sticking.join(", ")}`];
}

/**
 * Runs in the page: every visible link, button, field and summary is looked at where a player
 * would meet it (the first view, or scrolled to the middle of the screen when it is not in the
 * first view), and the element at its centre must be itself or inside it. Returns what is covered.
 */
function coveredTargets(): string[] {
  const describe = (element: Element) => {
    const label =
      element.getAttribute("aria-label") ??
      element.getAttribute("name") ??
      (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    const testId = element.getAttribute("data-testid");
    return `<${element.tagName.toLowerCase()}${testId ? ` ${testId}` : ""}> "${label}"`;
  };
  // A bar across the screen's foot (the phones' bottom bar) ends the first view where it begins.
  const floor = Math.min(
    innerHeight,
    ...document
      .elementsFromPoint(innerWidth / 2, innerHeight - 1)
      .filter(
        (element) =>
          getComputedStyle(element).position === "fixed" &&
          element.getBoundingClientRect().width >= innerWidth - 1,
      )
      .map((element) => element.getBoundingClientRect().top),
  );
  const inView = (rect: DOMRect) =>
    rect.top >= 0 && rect.left >= 0 && rect.bottom <= floor && rect.right <= innerWidth;
  const problems: string[] = [];
  const check = (target: Element, rect: DOMRect) => {
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    if (hit && (hit === target || target.contains(hit))) return;
    // A control drawn by its label (a styled checkbox) is reached through the label.
    const labels = target instanceof HTMLInputElement ? [...(target.labels ?? [])] : [];
    if (hit && labels.some((label) => label.contains(hit))) return;
    problems.push(`${describe(target)} under ${hit ? describe(hit) : "nothing"}`);
  };
  // A link wrapped over two lines is aimed at on its first line.
  const box = (target: Element) => target.getClientRects()[0] ?? target.getBoundingClientRect();
  const targets = [
    ...document.querySelectorAll(
      "a[href], button, input:not([type=hidden]), select, textarea, summary",
    ),
  ].filter(
    (target) =>
      !target.closest("[inert], [aria-hidden='true']") &&
      target.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
      // Visually hidden (sr-only) until focused.
      getComputedStyle(target).clip === "auto" &&
      box(target).width >= 2 &&
      box(target).height >= 2,
  );
  // First what the first view shows, in one pass; then each of the rest scrolled to the middle.
  window.scrollTo(0, 0);
  const belowTheFold: Element[] = [];
  for (const target of targets) {
    const rect = box(target);
    if (inView(rect)) check(target, rect);
    else belowTheFold.push(target);
  }
  for (const target of belowTheFold) {
    target.scrollIntoView({ block: "center", inline: "center" });
    check(target, box(target));
  }
  window.scrollTo(0, 0);
  return problems;
}

/**
 * Runs in the page: every table cell must read whole, either inside the screen and every box that
 * clips it, or in a table that scrolls sideways (ScrollingTable) whose "swipe for more" cue shows,
 * where scrolled to it the cell is in the scroll box and clear of the row's first cell, which
 * stays put. Returns the cells that do not.
 */
function hiddenCells(): string[] {
  const describe = (cell: Element) =>
    `<${cell.tagName.toLowerCase()}> "${(cell.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30)}"`;
  const scrolls = (element: Element) =>
    ["auto", "scroll"].includes(getComputedStyle(element).overflowX);
  const problems: string[] = [];
  const cells = [...document.querySelectorAll("td, th")].filter(
    (cell) =>
      !cell.closest("[inert], [aria-hidden='true']") &&
      cell.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
      cell.getBoundingClientRect().width >= 1,
  );
  for (const cell of cells) {
    let scroller: Element | null = cell.parentElement;
    while (scroller && !scrolls(scroller)) scroller = scroller.parentElement;
    if (scroller && scroller.scrollWidth > scroller.clientWidth) {
      const cue = scroller.closest("[data-scrolling-table]")?.querySelector("[data-scroll-cue]");
      if (!cue?.checkVisibility({ checkVisibilityCSS: true })) {
        problems.push(`${describe(cell)} scrolls sideways with no visible cue`);
        continue;
      }
      cell.scrollIntoView({ block: "nearest", inline: "end" });
      const rect = cell.getBoundingClientRect();
      const box = scroller.getBoundingClientRect();
      const first = cell.parentElement?.firstElementChild;
      const stuck = first && first !== cell ? first.getBoundingClientRect().right : box.left;
      if (rect.left < stuck - 0.5 || rect.right > Math.min(box.right, innerWidth) + 0.5) {
        problems.push(`${describe(cell)} cannot be scrolled clear of its row's first cell`);
      }
      scroller.scrollLeft = 0;
      continue;
    }
    const rect = cell.getBoundingClientRect();
    let left = 0;
    let right = innerWidth;
    for (let box = cell.parentElement; box; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === "visible") continue;
      left = Math.max(left, box.getBoundingClientRect().left);
      right = Math.min(right, box.getBoundingClientRect().right);
    }
    if (rect.left < left - 0.5 || rect.right > right + 0.5) {
      problems.push(
        `${describe(cell)} cut off (${Math.round(rect.left)}-${Math.round(rect.right)} px shown in ${Math.round(left)}-${Math.round(right)})`,
      );
    }
  }
  window.scrollTo(0, 0);
  return problems;
}

/**
 * Runs in the page, scrolled to the top or to the bottom: no floating thing (a fixed box that is
 * not a bar across the screen's top or bottom edge: the support button, scroll to top, the admin
 * button) lies over any text, link, button or field the page shows. What a bar covers is out of
 * view, as under the sticky header, except at the bottom of the page: there nothing may be left
 * under a bar (the page reserves its height). Returns what is covered.
 */
function coveredByFloating(): string[] {
  const layer = new Map<Element, "bar" | "floating" | null>();
  /** The element's fixed or sticky box, with whether it is a bar or floats. */
  const fixedBox = (element: Element): { box: Element; kind: "bar" | "floating" } | null => {
    for (let box: Element | null = element; box; box = box.parentElement) {
      if (!layer.has(box)) {
        const { position } = getComputedStyle(box);
        const rect = box.getBoundingClientRect();
        layer.set(
          box,
          position !== "fixed" && position !== "sticky"
            ? null
            : rect.width >= innerWidth - 1 && (rect.top <= 0 || rect.bottom >= innerHeight - 1)
              ? "bar"
              : position === "fixed"
                ? "floating"
                : null,
        );
      }
      const kind = layer.get(box);
      if (kind) return { box, kind };
    }
    return null;
  };
  const visible = (element: Element) =>
    !element.closest("[inert], [aria-hidden='true']") &&
    element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const all = [...document.body.querySelectorAll("*")].filter(
    (element) => element.getBoundingClientRect().width * element.getBoundingClientRect().height > 0,
  );
  // A bar or floating box covers what is under it even where it is hidden from screen readers.
  const bars = all.filter(
    (element) =>
      fixedBox(element)?.box === element &&
      element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }),
  );
  let top = 0;
  let bottom = innerHeight;
  for (const bar of bars.filter((element) => layer.get(element) === "bar")) {
    const rect = bar.getBoundingClientRect();
    if (rect.top <= 0) top = Math.max(top, rect.bottom);
    else bottom = Math.min(bottom, rect.top);
  }
  const floating = bars
    .filter((element) => layer.get(element) === "floating")
    .map((element) => ({ element, rect: element.getBoundingClientRect() }));
  const atBottom = scrollY + innerHeight >= document.documentElement.scrollHeight - 1;
  type Box = { left: number; right: number; top: number; bottom: number };
  const clips = new Map<Element, Box>();
  /** Where the boxes around the element that clip their content let it show (memoised). */
  const clipOf = (element: Element | null): Box => {
    if (!element) return { left: 0, right: innerWidth, top: -Infinity, bottom: Infinity };
    const known = clips.get(element);
    if (known) return known;
    const outer = clipOf(element.parentElement);
    const style = getComputedStyle(element);
    let clip = outer;
    if (style.overflowX !== "visible" || style.overflowY !== "visible") {
      const rect = element.getBoundingClientRect();
      clip = {
        left: Math.max(outer.left, rect.left),
        right: Math.min(outer.right, rect.right),
        top: Math.max(outer.top, rect.top),
        bottom: Math.min(outer.bottom, rect.bottom),
      };
    }
    clips.set(element, clip);
    return clip;
  };
  /** The part of the element's box that its clipping boxes, the screen and the bars let show. */
  const shown = (element: Element, rect: DOMRect): Box => {
    const clip = clipOf(element.parentElement);
    // At the page's end what is under a bottom bar counts as shown: it can scroll no further.
    const floor = atBottom ? innerHeight : bottom;
    return {
      left: Math.max(rect.left, clip.left),
      right: Math.min(rect.right, clip.right),
      top: Math.max(rect.top, clip.top, top),
      bottom: Math.min(rect.bottom, clip.bottom, floor),
    };
  };
  const describe = (element: Element) =>
    `<${element.tagName.toLowerCase()}> "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
  const problems = new Set<string>();
  const look = (owner: Element, rects: Iterable<DOMRect>) => {
    if (fixedBox(owner) || !visible(owner)) return;
    for (const rect of rects) {
      const part = shown(owner, rect);
      if (part.right - part.left < 1 || part.bottom - part.top < 1) continue;
      if (part.bottom > bottom + 0.5) {
        problems.add(`${describe(owner)} left under a bar at the end of the page`);
      }
      for (const { element, rect: over } of floating) {
        const width = Math.min(part.right, over.right) - Math.max(part.left, over.left);
        const height = Math.min(part.bottom, over.bottom) - Math.max(part.top, over.top);
        if (width >= 1 && height >= 1) {
          problems.add(`${describe(owner)} under ${describe(element)}`);
        }
      }
    }
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim() || !node.parentElement) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    look(node.parentElement, range.getClientRects());
  }
  for (const target of document.querySelectorAll(
    "a[href], button, input:not([type=hidden]), select, textarea, summary",
  )) {
    look(target, [target.getBoundingClientRect()]);
  }
  return [...problems];
}

/**
 * coveredByFloating with the page at its top, then at its end, where the scroll-to-top button
 * shows once the page is scrolled past 300 px (ScrollToTopButton).
 */
async function floatingProblems(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const toTop = page.getByRole("button", { name: "Scroll to top" });
  await expect(toTop).toHaveCount(0);
  const atTop = await page.evaluate(coveredByFloating);
  const scrolled = await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    return window.scrollY;
  });
  if (scrolled > 300) await expect(toTop).toBeVisible();
  const atEnd = await page.evaluate(coveredByFloating);
  await page.evaluate(() => window.scrollTo(0, 0));
  return [...atTop.map((problem) => `top: ${problem}`), ...atEnd.map((p) => `end: ${p}`)];
}

/** Every width for the page now open: the problems found, each prefixed with width and path. */
async function layoutProblems(page: Page): Promise<string[]> {
  const path = new URL(page.url()).pathname + new URL(page.url()).search;
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    for (const problem of await page.evaluate(sidewaysScroll)) {
      problems.push(`${width}px ${path}: ${problem}`);
    }
    for (const covered of await page.evaluate(coveredTargets)) {
      problems.push(`${width}px ${path}: ${covered}`);
    }
  }
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    for (const hidden of await page.evaluate(hiddenCells)) {
      problems.push(`${width}px ${path}: ${hidden}`);
    }
  }
  for (const width of FLOATING_WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    for (const covered of await floatingProblems(page)) {
      problems.push(`${width}px ${path}: ${covered}`);
    }
  }
  return problems;
}

/**
 * A content page (one with a heading given) as the server answers it: 200 at its own URL, one
 * level-1 heading (its text where it is fixed), for a visitor the site's title and a description,
 * and no serious axe violation. Returns its title.
 */
async function checkContentPage(
  page: Page,
  path: string,
  response: Response | null,
  heading: string | null,
  visitor: boolean,
): Promise<string> {
  expect(response?.status(), path).toBe(200);
  await expect(page, path).toHaveURL(path);
  const h1 = page.getByRole("heading", { level: 1 });
  await expect(h1, path).toHaveCount(1);
  if (heading) await expect(h1, path).toHaveText(heading);
  if (visitor) {
    await expect(page, path).toHaveTitle(/GoatedVIPs/);
    await expect(page.locator('meta[name="description"]'), path).toHaveAttribute("content", /\w/);
  }
  await expectNoAxeViolations(page);
  return page.title();
}

/**
 * Each page once: the content page's checks where the entry gives a heading (null included), then
 * the layout at every width. Returns the content pages' titles by path.
 */
async function checkPages(
  page: Page,
  pages: readonly (readonly [string, (string | null)?])[],
  visitor: boolean,
): Promise<Map<string, string>> {
  const problems: string[] = [];
  const titles = new Map<string, string>();
  for (const [path, heading] of pages) {
    await page.setViewportSize(DEFAULT_VIEWPORT);
    const response = await page.goto(path);
    if (heading !== undefined) {
      titles.set(path, await checkContentPage(page, path, response, heading, visitor));
    }
    problems.push(...(await layoutProblems(page)));
  }
  expect(problems).toEqual([]);
  return titles;
}

test("every public page, then the members' pages with the longest username: no sideways scroll, nothing floating over a target; each content page 200 with its heading, own title, description, no serious axe violation", async ({
  page,
  context,
}) => {
  // 22 pages at seven widths, 15 of them scanned by axe: minutes on a loaded machine.
  test.setTimeout(600_000);
  const titles = await checkPages(page, PUBLIC_PAGES, true);
  await signInAs(context, await createSignedInAccount({ username: longestUsername() }));
  for (const [path, title] of await checkPages(page, MEMBER_PAGES, false)) titles.set(path, title);
  // Each content page its own title.
  expect(new Set(titles.values()).size, JSON.stringify([...titles])).toBe(titles.size);

  await page.setViewportSize(DEFAULT_VIEWPORT);
  await page.goto("/profile?tab=rank");
  await expect(page.getByRole("heading", { name: "Rank Progress" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an admin's header and the race form: no sideways scroll, nothing covered", async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const admin = await createSignedInAccount({ username: longestUsername(), isAdmin: true });
  await signInAs(context, admin);
  await checkPages(page, [["/"], ["/leaderboard"], ["/admin/wager-races?form=new"]], false);
});

test("admin tables at a phone's width: every cell reads whole or scrolls with a cue", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signInAs(context, await createSignedInAccount({ isAdmin: true }));
  const problems: string[] = [];
  for (const path of ADMIN_TABLE_PAGES) {
    await page.goto(path);
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      for (const hidden of await page.evaluate(hiddenCells)) {
        problems.push(`${width}px ${path}: ${hidden}`);
      }
    }
  }
  expect(problems).toEqual([]);
});
