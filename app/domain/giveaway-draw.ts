import { toHex } from "./race-proof";

/**
 * The giveaway draw (issue 34, docs/decisions/0079), exactly as published so that anyone can
 * replay it: `clientSeed` is the SHA-256 (hex) of the canonical entrant list, `JSON.stringify` of
 * `[{userId, tickets}]` sorted by userId; entrants hold consecutive ticket ranges in that order;
 * for nonce n = 0, 1, 2, ...: h = HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${n}`)
 * in hex, x = the integer of its first 13 hex digits, ticket = floor(x / 2^52 × total tickets);
 * its holder wins, and a holder already drawn is skipped (next nonce).
 *
 * Web Crypto only, so the server and the proof page's browser run this same code.
 */

export interface Entrant {
  userId: number;
  tickets: number;
}

/** One nonce of a draw: its HMAC, the ticket it picks, the holder, and whether they won by it. */
export interface DrawStep {
  nonce: number;
  hmac: string;
  ticket: number;
  userId: number;
  won: boolean;
}

export interface Draw {
  clientSeed: string;
  /** The winners' userIds in the order drawn (first place first). */
  winners: number[];
  steps: DrawStep[];
}

const encoder = new TextEncoder();

/** The entrants with tickets, sorted by userId: the list the client seed hashes. */
export function canonicalEntrants(entrants: readonly Entrant[]): Entrant[] {
  return entrants
    .filter((entrant) => entrant.tickets > 0)
    .map(({ userId, tickets }) => ({ userId, tickets }))
    .sort((a, b) => a.userId - b.userId);
}

/** The text of the canonical entrant list, hashed into the client seed. */
export function canonicalEntrantsText(entrants: readonly Entrant[]): string {
  return JSON.stringify(canonicalEntrants(entrants));
}

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

export async function hmacSha256Hex(key: string, message: string): Promise<string> {
  const hmacKey = await crypto.subtle.importKey(
    "raw",
    encoder.encode(key),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return toHex(await crypto.subtle.sign("HMAC", hmacKey, encoder.encode(message)));
}

/** The ticket an HMAC picks among `total`: its first 13 hex digits (52 bits) as a fraction. */
export function ticketOf(hmac: string, total: number): number {
  return Math.floor((parseInt(hmac.slice(0, 13), 16) / 2 ** 52) * total);
}

/** Who holds `ticket` when the entrants (canonical order) hold consecutive ranges from 0. */
export function holderOf(ticket: number, entrants: readonly Entrant[]): number {
  let end = 0;
  for (const entrant of entrants) {
    end += entrant.tickets;
    if (ticket < end) return entrant.userId;
  }
  throw new RangeError(`ticket ${ticket} is past the last range (${end} tickets)`);
}

/**
 * Draws `winners` distinct winners (at most one per entrant with tickets) from the entrants with
 * the server seed. The client seed is computed from the entrants, never taken as input.
 */
export async function drawWinners(
  serverSeed: string,
  entrants: readonly Entrant[],
  winners: number,
): Promise<Draw> {
  const ordered = canonicalEntrants(entrants);
  const clientSeed = await sha256Hex(JSON.stringify(ordered));
  const total = ordered.reduce((sum, entrant) => sum + entrant.tickets, 0);
  const wanted = Math.min(winners, ordered.length);
  const drawn: number[] = [];
  const steps: DrawStep[] = [];
  for (let nonce = 0; drawn.length < wanted; nonce += 1) {
    const hmac = await hmacSha256Hex(serverSeed, `${clientSeed}:${nonce}`);
    const ticket = ticketOf(hmac, total);
    const userId = holderOf(ticket, ordered);
    const won = !drawn.includes(userId);
    if (won) drawn.push(userId);
    steps.push({ nonce, hmac, ticket, userId, won });
  }
  return { clientSeed, winners: drawn, steps };
}
