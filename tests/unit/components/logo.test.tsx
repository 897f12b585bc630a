// The logo's word is outlines (scripts/make-logo-word.tsx): as SVG text it was a font of its own
// at each height the logo is drawn, set up in every page's first layout (docs/decisions/0106).
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Logo } from "~/components/shell/Logo";

describe("Logo", () => {
  it("draws GOATEDVIPS as paths inside its box, with no text to lay out", () => {
    const svg = renderToStaticMarkup(<Logo />);
    expect(svg).not.toMatch(/<text|<tspan|font-/);
    expect(svg).toContain('aria-label="GoatedVIPs"');
    const word = /<g transform="translate\(36 ([\d.]+)\) scale\(([\d.]+)\)">/.exec(svg);
    expect(word).not.toBeNull();
    const [top, scale] = [Number(word?.[1]), Number(word?.[2])];
    // The outlines' glyphs lie between y = 2.6 and the baseline at 17 (satori's box at 20 px).
    expect(top + 2.6 * scale).toBeGreaterThan(0);
    expect(top + 17 * scale).toBeCloseTo(23, 1);
    // The crest's two paths and the word's two.
    expect(svg.match(/<path d="M/g)).toHaveLength(4);
  });
});
