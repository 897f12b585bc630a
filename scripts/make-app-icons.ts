// `npx tsx scripts/make-app-icons.ts`: the installed app's PNG icons in public/icons/, drawn from
// public/favicon.svg (the crest on the page's colour), so the app's icon is the site's. Run again
// when the favicon changes and commit the PNGs; the site serves them as they are.
import { Resvg } from "@resvg/resvg-js";
import { readFileSync, writeFileSync } from "node:fs";
import { APP_ICONS, APPLE_TOUCH_ICON } from "../app/domain/web-app-manifest";
import { SITE_COLOURS } from "../app/lib/site-colours";

const favicon = readFileSync("public/favicon.svg", "utf8");
// The favicon is a 32-unit rounded square and, over it, the crest's paths.
const crest = favicon.replace(/^<svg[^>]*>\s*<rect[^>]*\/>/, "").replace(/<\/svg>\s*$/, "");
const CENTRE = 16;

/**
 * The page's colour to the edges, the crest scaled by `crestScale` about the centre. A maskable
 * icon's launcher keeps only a circle of 0.4 of the side about the centre: the crest's farthest
 * corner lies 0.58 of the side from it, so at 0.55 it lies at 0.32, inside.
 */
function fullBleed(crestScale: number): string {
  const offset = CENTRE - CENTRE * crestScale;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
    `<rect width="32" height="32" fill="${SITE_COLOURS.page}"/>` +
    `<g transform="translate(${offset} ${offset}) scale(${crestScale})">${crest}</g></svg>`
  );
}

function write(src: string, size: number, svg: string) {
  const png = new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng();
  writeFileSync(`public${src}`, png);
  console.log(`public${src}: ${size}x${size}, ${png.length} bytes`);
}

for (const icon of APP_ICONS) {
  write(icon.src, icon.size, icon.purpose === "any" ? favicon : fullBleed(0.55));
}
write(APPLE_TOUCH_ICON.src, APPLE_TOUCH_ICON.size, fullBleed(0.75));
