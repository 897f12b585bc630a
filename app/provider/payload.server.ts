import { z } from "zod";
import { sliceClock } from "~/lib/event-loop.server";
import { UNKNOWN_PLAYER_NAME } from "~/domain/referral";
import type { Referral } from "~/domain/referral";

/**
 * The body of the provider's referral-leaderboard call:
 * `{success, data: [{uid, name, wagered: {today, this_week, this_month, all_time}}]}`.
 * The envelope must be right (else the sync keeps the last good data); single entries are lenient,
 * as real payloads have gaps: an entry without a uid is skipped and counted, a missing name is
 * 'Unknown Player', a missing or non-numeric wager is 0.
 */
const NUMERIC = /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/;

/** Names longer than this are cut (a provider name is a username; pages show it whole). */
export const MAX_NAME_LENGTH = 64;
/** An entry whose uid is longer than this is skipped: a cut uid could name another player. */
export const MAX_UID_LENGTH = 128;

/** A wager as dollars: a number or numeric string that is finite and not negative, else 0. */
function toWager(value: unknown): number {
  const amount =
    typeof value === "number"
      ? value
      : typeof value === "string" && NUMERIC.test(value)
        ? Number(value)
        : 0;
  return Number.isFinite(amount) && amount > 0 ? amount : 0;
}

/** The first MAX_NAME_LENGTH characters (code points, so no surrogate pair is split). */
function capName(name: string): string {
  return name.length <= MAX_NAME_LENGTH ? name : [...name].slice(0, MAX_NAME_LENGTH).join("");
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * One entry, normalised, or null without a usable uid. Plain code rather than a zod schema per
 * entry: a payload can hold 100,000 entries, and a schema took a third of the sync's time.
 */
function normaliseEntry(raw: unknown): Referral | null {
  if (!isRecord(raw)) return null;
  const { uid, name, wagered } = raw;
  const id = typeof uid === "string" ? uid.trim() : Number.isSafeInteger(uid) ? String(uid) : "";
  if (id.length === 0 || id.length > MAX_UID_LENGTH) return null;
  const trimmed = typeof name === "string" ? name.trim() : "";
  const totals = isRecord(wagered) ? wagered : {};
  return {
    uid: id,
    name: trimmed ? capName(trimmed) : UNKNOWN_PLAYER_NAME,
    wagered: {
      today: toWager(totals.today),
      this_week: toWager(totals.this_week),
      this_month: toWager(totals.this_month),
      all_time: toWager(totals.all_time),
    },
  };
}

const envelopeSchema = z.object({
  success: z.literal(true),
  data: z.array(z.unknown()),
});

export type ParsedReferrals =
  { ok: true; referrals: Referral[]; skipped: number } | { ok: false; error: string };

/**
 * Validates a decoded JSON body and normalises its entries, in slices that let requests through
 * (validating 100,000 entries takes longer than a request may wait).
 */
export async function parseReferralPayload(body: unknown): Promise<ParsedReferrals> {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) return { ok: false, error: "Invalid API response structure" };
  const referrals: Referral[] = [];
  // A uid seen twice keeps its last entry, so one payload never writes a player twice.
  const indexByUid = new Map<string, number>();
  let skipped = 0;
  const slice = sliceClock();
  const entries = envelope.data.data;
  for (let i = 0; i < entries.length; i += 1) {
    if (i % 1024 === 0 && slice.due()) await slice.next();
    const referral = normaliseEntry(entries[i]);
    if (!referral) {
      skipped += 1;
      continue;
    }
    const seen = indexByUid.get(referral.uid);
    if (seen === undefined) {
      indexByUid.set(referral.uid, referrals.length);
      referrals.push(referral);
    } else {
      referrals[seen] = referral;
      skipped += 1;
    }
  }
  return { ok: true, referrals, skipped };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
/** About this many characters are scanned or parsed between two yields (a few ms of work). */
const PARSE_SLICE_CHARS = 250_000;

/**
 * `JSON.parse(text)` without holding the event loop for a large body: one JSON.parse of 13 MB
 * (100,000 referrals) takes longer than a request may wait. When the text is an object, the arrays
 * that are its direct members (the provider's `data`) are parsed a slice of elements at a time,
 * and the rest with the arrays left out; any other text is parsed at once. Throws SyntaxError on
 * malformed JSON as JSON.parse does: every character is parsed by one of the slices.
 */
export async function parseJsonInSlices(text: string): Promise<unknown> {
  const start = text.search(/\S/);
  if (text.length <= PARSE_SLICE_CHARS || text.charCodeAt(start) !== OPEN_BRACE) {
    return JSON.parse(text);
  }
  const slice = sliceClock();
  // Each direct member array: where it opens, where its elements are separated, where it closes.
  const arrays: { open: number; commas: number[]; close: number }[] = [];
  let current: (typeof arrays)[number] | null = null;
  let depth = 0;
  let scannedTo = start;
  // From one structural character to the next (a regex finds them faster than a loop).
  const structural = /["{}[\],]/g;
  structural.lastIndex = start;
  for (let match = structural.exec(text); match; match = structural.exec(text)) {
    const i = match.index;
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip the string: to the next quote not escaped by an odd run of backslashes.
      let end = text.indexOf('"', i + 1);
      while (end !== -1) {
        let backslashes = 0;
        while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1;
        if (backslashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      if (end === -1) break; // unterminated: JSON.parse below reports it
      structural.lastIndex = end + 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth += 1;
      if (depth === 2 && c === OPEN_BRACKET) current = { open: i, commas: [], close: -1 };
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === 2 && current) {
        current.close = i;
        arrays.push(current);
        current = null;
      }
      depth -= 1;
    } else if (depth === 2 && current) {
      current.commas.push(i); // a comma
    }
    if (i - scannedTo >= PARSE_SLICE_CHARS) {
      scannedTo = i;
      if (slice.due()) await slice.next();
    }
  }
  if (current || depth !== 0) return JSON.parse(text); // unbalanced: let JSON.parse say where

  // The object with every member array as a one-element placeholder: [index in `arrays`].
  let skeleton = "";
  let from = 0;
  arrays.forEach((array, index) => {
    skeleton += `${text.slice(from, array.open)}[${index}]`;
    from = array.close + 1;
  });
  skeleton += text.slice(from);
  const parsed: unknown = JSON.parse(skeleton);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return parsed;

  const contents: unknown[][] = [];
  for (const array of arrays) {
    const elements: unknown[] = [];
    const bounds = [array.open, ...array.commas, array.close];
    let first = 0;
    while (first < bounds.length - 1) {
      // Whole elements from bounds[first] up to about PARSE_SLICE_CHARS characters.
      let last = first + 1;
      while (
        last < bounds.length - 1 &&
        (bounds[last + 1] ?? 0) - (bounds[first] ?? 0) <= PARSE_SLICE_CHARS
      ) {
        last += 1;
      }
      const part = text.slice((bounds[first] ?? 0) + 1, bounds[last]);
      // A leading comma is a malformed array ("[,1]" or "[1,,2]"): JSON.parse refuses it too.
      const values: unknown = JSON.parse(`[${first === 0 ? "" : "0,"}${part}]`);
      if (Array.isArray(values)) elements.push(...(first === 0 ? values : values.slice(1)));
      first = last;
      if (slice.due()) await slice.next();
    }
    contents.push(elements);
  }
  for (const [key, value] of Object.entries(parsed)) {
    if (Array.isArray(value) && value.length === 1 && typeof value[0] === "number") {
      const elements = contents[value[0]];
      if (elements) (parsed as Record<string, unknown>)[key] = elements;
    }
  }
  return parsed;
}
