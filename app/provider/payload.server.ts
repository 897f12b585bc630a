import { z } from "zod";
import { UNKNOWN_PLAYER_NAME } from "./referrals";
import type { Referral } from "./referrals";

/**
 * The body of the provider's referral-leaderboard call:
 * `{success, data: [{uid, name, wagered: {today, this_week, this_month, all_time}}]}`.
 * The envelope must be right (else the sync keeps the last good data); single entries are lenient,
 * as real payloads have gaps: an entry without a uid is skipped and counted, a missing name is
 * 'Unknown Player', a missing or non-numeric wager is 0.
 */
const NUMERIC = /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/;
const ZERO_TOTALS = { today: 0, this_week: 0, this_month: 0, all_time: 0 };

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

// Plain transforms rather than unions and pipes per field: a payload can hold 100,000 entries.
const wager = z.unknown().optional().transform(toWager);

const entrySchema = z.object({
  uid: z
    .union([z.string().trim().min(1), z.number().int().transform(String)])
    .optional()
    .catch(undefined),
  name: z.string().trim().min(1).catch(UNKNOWN_PLAYER_NAME).default(UNKNOWN_PLAYER_NAME),
  wagered: z
    .object({ today: wager, this_week: wager, this_month: wager, all_time: wager })
    .catch(ZERO_TOTALS)
    .default(ZERO_TOTALS),
});

const envelopeSchema = z.object({
  success: z.literal(true),
  data: z.array(z.unknown()),
});

export type ParsedReferrals =
  { ok: true; referrals: Referral[]; skipped: number } | { ok: false; error: string };

/** Validates a decoded JSON body and normalises its entries. */
export function parseReferralPayload(body: unknown): ParsedReferrals {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) return { ok: false, error: "Invalid API response structure" };
  const referrals: Referral[] = [];
  // A uid seen twice keeps its last entry, so one payload never writes a player twice.
  const indexByUid = new Map<string, number>();
  let skipped = 0;
  for (const raw of envelope.data.data) {
    const entry = entrySchema.safeParse(raw);
    if (!entry.success || entry.data.uid === undefined) {
      skipped += 1;
      continue;
    }
    const referral: Referral = {
      uid: entry.data.uid,
      name: entry.data.name,
      wagered: entry.data.wagered,
    };
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
