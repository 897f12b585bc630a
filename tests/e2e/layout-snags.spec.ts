import { createSignedInAccount, signInAs } from "./accounts";
import { expect, onlyWithJavaScript, test } from "./fixtures";
import { uniqueName } from "../factories";

// Issue 35's small snags, each where a player met it.
test.beforeEach(() => onlyWithJavaScript("the page as laid out (docs/decisions/0075)"));

test("at 390 px the profile card wraps a long e-mail address at its @ or a dot, never mid-word", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `${uniqueName("goat")}.averylongaddress@example-casino-mail.com`;
  await signInAs(context, await createSignedInAccount({ email }));
  await page.goto("/profile");
  const address = page.getByText(email);
  await expect(address).toBeVisible();
  // Where each line of the address starts: the characters whose box is lower than the one before.
  const lineStarts = await address.evaluate((element) => {
    const starts: string[] = [];
    let lastTop: number | null = null;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const { top } = range.getBoundingClientRect();
        if (lastTop !== null && top > lastTop + 1) starts.push(text.slice(i));
        lastTop = top;
      }
    }
    return starts;
  });
  expect(lineStarts.length).toBeGreaterThan(0);
  for (const start of lineStarts) expect(start).toMatch(/^[@.]/);
});
