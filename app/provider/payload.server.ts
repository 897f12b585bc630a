import { z } from "zod";
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
 * Validates a decoded JSON body and normalises its entries (on the sync worker thread:
 * docs/decisions/0019, so 100,000 entries at once hold no request).
 */
export function parseReferralPayload(body: unknown): ParsedReferrals {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) return { ok: false, error: "Invalid API response structure" };
  const referrals: Referral[] = [];
  // A uid seen twice keeps its last entry, so one payload never writes a player twice.
  const indexByUid = new Map<string, number>();
  let skipped = 0;
  for (const entry of envelope.data.data) {
    const referral = normaliseEntry(entry);
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
