// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { notificationEmail } from "~/domain/email-templates";
import { renderEmail } from "~/services/email/render.server";

/** The HTML part as a mail client reads it. */
function parse(html: string): Document {
  return new DOMParser().parseFromString(html, "text/html");
}

describe("rendering an e-mail", () => {
  it("writes both parts, escapes the HTML and puts the unsubscribe link in both", () => {
    const url = "https://goatedvips.gg/unsubscribe?token=a.b&x=1";
    const email = renderEmail(
      { subject: "Hi", heading: "<b>Hi</b>", paragraphs: ["A & B"] },
      {
        siteOrigin: "https://goatedvips.gg",
        unsubscribe: { url, preference: "monthlyStatements" },
      },
    );
    expect(email.text).toContain("<b>Hi</b>");
    expect(email.text).toContain(`Unsubscribe: ${url}`);
    expect(email.html).toContain("&lt;b&gt;Hi&lt;/b&gt;");
    expect(email.html).toContain(`href="https://goatedvips.gg/unsubscribe?token=a.b&amp;x=1"`);
    expect(email.html).toContain("Unsubscribe from monthly statements");
  });

  it("carries every value as text: quotes and markup in titles, links and alt texts stay text", () => {
    const hostile = `Double <img src=x onerror=alert(1)> & "more" it's`;
    const origin = `https://goatedvips.gg/?a="b'&c=<d>`;
    const email = renderEmail(
      notificationEmail({ title: hostile, message: `${hostile}\n\nSecond` }, origin, {
        url: `${origin}/ranks/bronze.svg`,
        rankName: hostile,
      }),
      { siteOrigin: origin, unsubscribe: { url: origin, preference: "promotionalOffers" } },
    );
    expect(email.html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    const document = parse(email.html);
    expect(document.title).toBe(hostile);
    expect(document.querySelector("h1")?.textContent).toBe(hostile);
    // One image (the emblem) and no element the values could have opened.
    expect([...document.querySelectorAll("img")].map((img) => img.getAttribute("alt"))).toEqual([
      `${hostile} rank emblem`,
    ]);
    expect(document.querySelector("img")?.getAttribute("src")).toBe(`${origin}/ranks/bronze.svg`);
    expect(
      [...document.querySelectorAll("a")].map((a) => [a.getAttribute("href"), a.textContent]),
    ).toEqual([
      [`${origin}/notifications`, "Open GoatedVIPs"],
      [`${origin}/notifications`, `${origin}/notifications`],
      [origin, "Unsubscribe from promotional offers"],
      [`${origin}/notification-preferences`, "Your preferences"],
    ]);
    expect([...document.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      "GOATEDVIPS",
      hostile,
      "Second",
      "Open GoatedVIPs",
      `Or open this link: ${origin}/notifications`,
      "You receive this because promotional offers are on in your notification preferences.",
      "Unsubscribe from promotional offers · Your preferences",
      "GoatedVIPs is an independent community site, not operated by Goated.",
    ]);
  });
});
