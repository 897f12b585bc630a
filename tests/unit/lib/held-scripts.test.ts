import { describe, expect, it } from "vitest";
import { holdScriptsUntilFirstPaint } from "~/http/held-scripts.server";

const held = (text: string) => holdScriptsUntilFirstPaint(Buffer.from(text, "utf8")).toString();

describe("holdScriptsUntilFirstPaint", () => {
  it("holds Remix's module preloads and module script, and leaves the rest as it was", () => {
    const page =
      "<p>Café &lt;link rel=&quot;modulepreload&quot; href=&quot;x&quot;&gt;</p>" +
      '<link rel="modulepreload" href="/build/a.js"/><link rel="modulepreload" href="/build/b.js"/>' +
      '<script nonce="n">window.__remixContext = {"html":"<b type=\\"module\\">"};</script>' +
      '<script nonce="n" type="module" async="">import "/build/a.js";</script>' +
      '<link rel="icon" href="/favicon.svg"/>';
    expect(held(page)).toBe(
      "<p>Café &lt;link rel=&quot;modulepreload&quot; href=&quot;x&quot;&gt;</p>" +
        '<link rel="modulepreload" data-href="/build/a.js"/><link rel="modulepreload" data-href="/build/b.js"/>' +
        '<script nonce="n">window.__remixContext = {"html":"<b type=\\"module\\">"};</script>' +
        '<script nonce="n" type="text/x-module-after-paint" async="">import "/build/a.js";</script>' +
        '<link rel="icon" href="/favicon.svg"/>',
    );
  });

  it("returns a page without scripts unchanged", () => {
    const page = Buffer.from("<!DOCTYPE html><html><body>JavaScript off</body></html>");
    expect(holdScriptsUntilFirstPaint(page)).toBe(page);
  });
});
