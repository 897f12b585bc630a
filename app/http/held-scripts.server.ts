import { HELD_HREF_ATTRIBUTE, HELD_MODULE_TYPE } from "./scripts-after-paint";

// What Remix's <Scripts> writes, and how the server holds it until the first paint
// (app/http/scripts-after-paint.tsx, docs/decisions/0040). React escapes text and attribute
// values, and inline data is JSON (its quotes escaped), so only Remix's own elements match.
const HOLDS = [
  [
    Buffer.from('<link rel="modulepreload" href="'),
    Buffer.from(`<link rel="modulepreload" ${HELD_HREF_ATTRIBUTE}="`),
  ],
  [Buffer.from(' type="module" async="">'), Buffer.from(` type="${HELD_MODULE_TYPE}" async="">`)],
] as const;

/**
 * The page's HTML with its scripts held: module preloads without an href, the module script under
 * a type browsers do not run. On the bytes, not a string: a page is about 100 KB, and decoding it
 * to search it cost more than the search.
 */
export function holdScriptsUntilFirstPaint(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const parts: Buffer<ArrayBuffer>[] = [];
  let copied = 0;
  for (const [pattern, held] of HOLDS) {
    for (let at = html.indexOf(pattern, copied); at !== -1; at = html.indexOf(pattern, copied)) {
      parts.push(html.subarray(copied, at), held);
      copied = at + pattern.length;
    }
  }
  if (copied === 0) return html;
  parts.push(html.subarray(copied));
  return Buffer.concat(parts);
}
