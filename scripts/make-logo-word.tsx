// `npx tsx scripts/make-logo-word.tsx`: the logo's word, GOATED and VIPS, as SVG paths in
// app/components/shell/logo-word.ts, drawn by satori from Roboto Condensed Bold (the share cards'
// font, @fontsource/roboto-condensed). As text the word was a font of its own at every height the
// logo is drawn at, each set up in a page's first layout (docs/decisions/0106), and it looked
// different on every phone. Run again when the word changes and commit the file.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import satori from "satori";
import { format, resolveConfig } from "prettier";

const FONT_SIZE = 20;
const font = readFileSync(
  createRequire(import.meta.url).resolve(
    "@fontsource/roboto-condensed/files/roboto-condensed-latin-700-normal.woff",
  ),
);

/** The outline of `text` at FONT_SIZE, its baseline at y = FONT_SIZE * 0.85, and its advance. */
async function outline(text: string): Promise<{ d: string; advance: number }> {
  const svg = await satori(
    <div style={{ display: "flex", fontFamily: "Word", fontSize: FONT_SIZE, lineHeight: 1 }}>
      {text}
    </div>,
    { width: 400, height: 2 * FONT_SIZE, fonts: [{ name: "Word", data: font, weight: 700 }] },
  );
  const d = [...svg.matchAll(/ d="([^"]+)"/g)].map((match) => match[1]).join("");
  // satori clips the text to its box: the box's width is the text's advance.
  const advance = Number(/<rect x="0" y="0" width="([\d.]+)"/.exec(svg)?.[1]);
  if (!d || !advance) throw new Error(`satori drew no outline of ${text}`);
  return { d, advance };
}

const goated = await outline("GOATED");
const vips = await outline("VIPS");
const source = `// Written by scripts/make-logo-word.tsx: do not edit by hand.

/** GOATED's outline in Roboto Condensed Bold at ${FONT_SIZE} px, from x = 0. */
export const LOGO_WORD_GOATED = ${JSON.stringify(goated.d)};
/** VIPS's outline, to be drawn from x = LOGO_WORD_VIPS_AT. */
export const LOGO_WORD_VIPS = ${JSON.stringify(vips.d)};
export const LOGO_WORD_VIPS_AT = ${goated.advance};
/** The word's advance (GOATEDVIPS) at ${FONT_SIZE} px. */
export const LOGO_WORD_WIDTH = ${goated.advance + vips.advance};
/** Where the outlines' baseline lies. */
export const LOGO_WORD_BASELINE = ${FONT_SIZE * 0.85};
`;
const file = "app/components/shell/logo-word.ts";
writeFileSync(file, await format(source, { parser: "typescript", ...(await resolveConfig(file)) }));
console.log(`wrote ${file}`);
