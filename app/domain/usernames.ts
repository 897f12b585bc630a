/**
 * What a username may contain, and the canonical form two names are compared in
 * (docs/decisions/0011-usernames.md). Shared by the forms (browser and server) and the queries.
 */

// Control (Cc, NUL included), format (Cf: zero-width U+200B-U+200D, U+2060, U+FEFF, the bidi
// overrides and isolates U+202A-U+202E, U+2066-U+2069), surrogate, private-use and unassigned code
// points, line and paragraph separators, and the other default-ignorables (Hangul fillers,
// variation selectors): characters that show nothing or reorder what is shown.
const INVISIBLE = /[\p{C}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, "gu");

/** True when the name holds a character that is invisible or changes how the name is shown. */
export function hasInvisibleCharacters(name: string): boolean {
  return INVISIBLE.test(name);
}

// The scripts whose letters are told apart. Letters of any other script count as one more
// script, so they do not mix with these either.
const SCRIPTS = [
  "Latin",
  "Greek",
  "Cyrillic",
  "Armenian",
  "Georgian",
  "Cherokee",
  "Coptic",
  "Hebrew",
  "Arabic",
  "Devanagari",
  "Bengali",
  "Thai",
  "Han",
  "Hiragana",
  "Katakana",
  "Bopomofo",
  "Hangul",
] as const;
type Script = (typeof SCRIPTS)[number] | "other";
const SCRIPT_PATTERNS = SCRIPTS.map(
  (script) => [script, new RegExp(`\\p{Script=${script}}`, "u")] as const,
);
const LETTER = /\p{L}/u;
// Letters shared by scripts (e.g. the Japanese long vowel mark) go with any.
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;

// Scripts written together (Unicode TS #39 "highly restrictive"): Japanese, Chinese and Korean
// with Latin. Any other mix is refused.
const ALLOWED_MIXES: ReadonlyArray<ReadonlySet<Script>> = [
  new Set(["Latin", "Han", "Hiragana", "Katakana"]),
  new Set(["Latin", "Han", "Bopomofo"]),
  new Set(["Latin", "Han", "Hangul"]),
];

function scriptOf(letter: string): Script {
  return SCRIPT_PATTERNS.find(([, pattern]) => pattern.test(letter))?.[0] ?? "other";
}

/**
 * True when the name's letters come from scripts that are not written together, such as Latin
 * and Cyrillic in a `bоss` with a Cyrillic о: the mark of a look-alike.
 */
export function mixesScripts(name: string): boolean {
  const scripts = new Set<Script>();
  for (const character of name) {
    if (LETTER.test(character) && !SHARED.test(character)) scripts.add(scriptOf(character));
  }
  if (scripts.size <= 1) return false;
  return !ALLOWED_MIXES.some((mix) => [...scripts].every((script) => mix.has(script)));
}

/**
 * The form in which usernames are unique and looked up: NFKC (so `ｂｏｓｓ` and `𝐛𝐨𝐬𝐬` are `boss`),
 * without invisible characters, case-folded (upper then lower, so `ß` and `SS` meet). Names stay
 * shown as typed.
 */
export function canonicalUsername(name: string): string {
  return name
    .normalize("NFKC")
    .replace(INVISIBLE_ALL, "")
    .toUpperCase()
    .toLowerCase()
    .normalize("NFKC")
    .trim();
}
