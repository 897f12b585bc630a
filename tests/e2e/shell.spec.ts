import type { Locator } from "@playwright/test";
import { expect, jsEnabled, test, waitForHydration } from "./fixtures";

type Entry = readonly [label: string, href: string | null];

const DESKTOP_ENTRIES: Entry[] = [
  ["Home", "/"],
  ["How It Works", "/how-it-works"],
  ["VIP Transfer", "/vip-transfer"],
  ["Tips & Strategies", "/tips-and-strategies"],
  ["VIP Program", "/vip-program"],
  ["Wager Races", "/wager-races"],
  ["Promotions", "/promotions"],
  ["Goated Airdrop", "/goated-token"],
  ["Giveaways", "/giveaways"],
  ["Bonus Codes", null], // locked for visitors
  ["Daily", "/leaderboard?period=daily"],
  ["Weekly", "/leaderboard?period=weekly"],
  ["Monthly", "/leaderboard?period=monthly"],
  ["All Time", "/leaderboard?period=all_time"],
  ["Socials", "/socials"],
  ["Telegram", "/telegram"],
  ["Help", "/help"],
  ["FAQ", "/faq"],
  ["VIP Support", "/support"],
];

// The mobile menu adds Challenges after Wager Races and writes all-time with a hyphen (spec §2).
const MOBILE_ENTRIES = DESKTOP_ENTRIES.flatMap((entry): Entry[] => {
  if (entry[0] === "Wager Races") return [entry, ["Challenges", "/challenges"]];
  if (entry[0] === "All Time") return [["All Time", "/leaderboard?period=all-time"]];
  return [entry];
});

async function entriesOf(nav: Locator) {
  return nav
    .locator("a, [aria-disabled=true]")
    .evaluateAll((elements) =>
      elements.map((el) => [
        (el.childNodes[0]?.textContent ?? "").trim(),
        el instanceof HTMLAnchorElement ? el.getAttribute("href") : null,
      ]),
    );
}

test.describe("home and the site shell", () => {
  test("home renders with the full navigation, in the spec's order @mobile", async ({
    page,
  }, info) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    if (info.project.name === "mobile") {
      await page.locator('summary[aria-label="Menu"]').click();
      const drawer = page.getByRole("navigation", { name: "Mobile" });
      await expect(drawer).toBeVisible();
      expect(await entriesOf(drawer)).toEqual(MOBILE_ENTRIES);
    } else {
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav).toBeVisible();
      expect(await entriesOf(nav)).toEqual(DESKTOP_ENTRIES);
      await expect(nav.getByRole("link", { name: /Wager Races/ })).toContainText("LIVE");
    }
  });

  test("Bonus Codes is locked for visitors, with the spec's tooltip @js-off-only", async ({
    page,
  }) => {
    // @js-off-only: the server's page, the same with JavaScript.
    await page.goto("/");
    const locked = page.locator('[aria-disabled="true"]', { hasText: "Bonus Codes" }).first();
    await expect(locked).toHaveAccessibleDescription("Sign in to access bonus codes and rewards");
    await expect(page.getByRole("link", { name: "Bonus Codes", exact: true })).toHaveCount(0);
  });

  test("header: logo home, Sign in, and PLAY opening the referral page in a new tab @js-off-only", async ({
    page,
  }) => {
    // @js-off-only: the server's page, the same with JavaScript.
    await page.goto("/");
    await expect(page.getByRole("link", { name: "GoatedVIPs home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      /^\/auth\?mode=login/,
    );
    const play = page.getByRole("link", { name: "Play" });
    await expect(play).toHaveAttribute("href", "https://www.goated.com/r/GOATEDVIPS");
    await expect(play).toHaveAttribute("target", "_blank");
    await expect(play).toHaveAttribute("rel", /noopener/);
  });

  test("the mobile drawer opens and its links work @mobile", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const drawer = page.getByRole("navigation", { name: "Mobile" });
    await expect(drawer).toBeHidden();
    await page.locator('summary[aria-label="Menu"]').click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText("ONGOING")).toBeVisible();
    await drawer.getByRole("link", { name: "All Time" }).click();
    await expect(page).toHaveURL(/\/leaderboard\?period=all-time$/);
    // The next page starts with the drawer closed.
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });

  test("footer: 18+ notice, social links, sign-up, copyright 2024, newsletter makes no call", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    await expect(footer.getByText("18+", { exact: true })).toBeVisible();
    await expect(footer.getByText(/Gamble responsibly/)).toBeVisible();
    await expect(footer.getByRole("link", { name: "Telegram" })).toHaveAttribute("href", /t\.me/);
    await expect(footer.getByRole("link", { name: "Sign Up" })).toHaveAttribute(
      "href",
      "https://www.goated.com/r/GOATEDVIPS",
    );
    await expect(footer).toContainText("© 2024");

    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    const email = footer.getByRole("textbox");
    await email.fill("goat@example.com");
    await email.press("Enter");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForTimeout(300);
    // Remix's route discovery (/__manifest) may run for links coming into view; nothing else may.
    expect(requests.filter((url) => !new URL(url).pathname.startsWith("/__manifest"))).toEqual([]);
    await expect(page).toHaveURL(/\/$/);
  });

  test("an unknown path shows '404 Page Not Found' with status 404 @js-off-only", async ({
    page,
  }) => {
    // @js-off-only: the server's page, the same with JavaScript.
    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("404 Page Not Found");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    // Still inside the site shell, with a way home.
    await expect(page.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
  });

  test("the VIP Support widget opens, minimises and closes", async ({ page }) => {
    await page.goto("/");
    const widget = page.getByTestId("support-widget");
    const text = "Our VIP support team is here to help you. Choose an option below:";
    await expect(widget.getByText(text)).toBeHidden();
    await widget.locator("summary").click();
    await expect(widget.getByText(text)).toBeVisible();
    await expect(widget.getByRole("link", { name: "Contact on Telegram" })).toHaveAttribute(
      "target",
      "_blank",
    );
    await expect(widget.getByRole("link", { name: "Browse FAQ" })).toHaveAttribute("href", "/faq");
    await expect(widget.getByRole("link", { name: "Join Telegram Community" })).toHaveAttribute(
      "href",
      "/telegram",
    );
    const box = await widget.boundingBox();
    const viewport = page.viewportSize();
    expect(box?.width).toBe(Math.min(400, (viewport?.width ?? 0) - 32));

    await widget.locator("summary").click(); // minimise to the round icon
    await expect(widget.getByText(text)).toBeHidden();
    await expect(widget.locator("summary")).toBeVisible();

    const close = page.getByRole("checkbox", { name: "Close VIP Support" });
    await expect(close).toBeHidden(); // only while expanded
    await widget.locator("summary").click();
    await close.focus(); // reachable from the keyboard
    await page.keyboard.press("Space");
    await expect(widget).toBeHidden();
    await expect(close).toBeHidden();
  });

  test("security headers and a nonce on every script @js-off-only", async ({ page }) => {
    // @js-off-only: the server's answer, the same in every project.
    const response = await page.goto("/");
    const headers = response?.headers() ?? {};
    expect(headers["x-powered-by"]).toBeUndefined();
    const csp = headers["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = (await response?.text()) ?? "";
    const scriptTags = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scriptTags.length).toBeGreaterThan(0);
    for (const tag of scriptTags) expect(tag).toContain(`nonce="${nonce}"`);
  });
});

test.describe("with JavaScript", () => {
  test.beforeEach(({}, info) => test.skip(!jsEnabled(info.project.name), "needs JavaScript"));

  test("no script is blocked and nothing errors on load", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });

  test("route changes scroll to the top at once; the scroll-to-top button appears after 300 px", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 500 });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Scroll to top" })).toHaveCount(0);
    await page.mouse.wheel(0, 900);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const toTop = page.getByRole("button", { name: "Scroll to top" });
    await expect(toTop).toBeVisible();
    await toTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.mouse.wheel(0, 900);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    // A visitor following this link is sent home: a route change all the same.
    const navigated = page.waitForResponse((r) => r.url().includes("notification-preferences"));
    await page.locator("footer").getByRole("link", { name: "notification preferences" }).click();
    await navigated;
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a toast shows one at a time and leaves after 5 s", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    await page.locator("footer").getByRole("button", { name: "Subscribe" }).click();
    const toast = page.getByRole("status");
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText("Newsletter sign-up isn't open yet.");
    await page.locator("footer").getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("status")).toHaveCount(1);
    await page.clock.fastForward(5100);
    await expect(page.getByRole("status")).toHaveCount(0);
  });

  test("the desktop menus close on Escape and on a click outside", async ({ page }) => {
    await page.goto("/");
    const menu = page.locator("details", {
      has: page.locator("summary", { hasText: "Get Started" }),
    });
    await menu.locator("summary").click();
    await expect(menu.getByRole("link", { name: "VIP Program" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu.getByRole("link", { name: "VIP Program" })).toBeHidden();
    await menu.locator("summary").click();
    await page.locator("main").click({ position: { x: 5, y: 300 } });
    await expect(menu.getByRole("link", { name: "VIP Program" })).toBeHidden();
  });
});
