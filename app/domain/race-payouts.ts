import { formatMediumDate } from "./time";

/**
 * The payout ledger (issue 32): each paid place of a completed race is a payout, unpaid until an
 * admin marks it paid (method, reference, amount, time, admin) or held (with a reason). Amounts
 * are integer cents; the API shows them as cents-rounded dollars.
 */
export const PAYOUT_STATUSES = ["unpaid", "paid", "held"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** The payout_status of results frozen before the ledger (migration 0026): no payouts on record. */
export const UNTRACKED_PAYOUT = "untracked";

/** A place outside 1 to 10, and a place with no payout (the race has not completed, say). */
export const NO_SUCH_PLACE = "No such paid place";
export const NO_PAYOUT_AT_PLACE =
  "That place has no payout: the race has not completed or nobody took it";
/** Another admin's change came between reading the payout and writing it (markPayout). */
export const PAYOUT_CHANGED_MEANWHILE =
  "Someone else changed this payout since you looked at it: look at it again and retry";
export const BAD_STATUS = "Status must be unpaid, paid or held";

/**
 * Reopening a completed race drops its frozen results, and the ledger lives in them: a race with a
 * prize paid or held stays completed until those are set back to unpaid (each audited).
 */
export const PAYOUTS_ON_RECORD =
  "This race has prizes marked paid or held: set them back to unpaid on its payouts page before reopening it";

/** The spec promises winners are paid within 24 hours of completion. */
export const PAYOUT_DUE_MS = 24 * 60 * 60 * 1000;

export interface PayoutView {
  place: number;
  uid: string;
  name: string;
  amountCents: number;
  status: PayoutStatus;
  method: string | null;
  reference: string | null;
  reason: string | null;
  paidAt: string | null;
  paidBy: string | null;
}

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  unpaid: "Unpaid",
  paid: "Paid",
  held: "Held",
};
/** What a prize won before the ledger says in place of a status. */
export const UNTRACKED_PAYOUT_LABEL = "Payment not recorded";

/** What a paid prize says beside it on the race pages and the profile: "Paid Nov 27, 2026". */
export function paidLabel(paidAt: string): string {
  return `Paid ${formatMediumDate(paidAt)}`;
}

/** A prize a member's linked player won, as their profile lists it (never who marked it). */
export interface PrizeWon {
  raceId: number;
  raceTitle: string;
  place: number;
  amountCents: number;
  /** Null for a prize won before the ledger: its payment was not recorded here. */
  status: PayoutStatus | null;
  paidAt: string | null;
}

export function isPayoutStatus(value: string): value is PayoutStatus {
  return (PAYOUT_STATUSES as readonly string[]).includes(value);
}

/** Whether a payout still unpaid is past the 24 hours after its race's completion. */
export function isOverdue(status: PayoutStatus, completedAt: string | null, now: Date): boolean {
  if (status !== "unpaid" || completedAt === null) return false;
  return now.getTime() - Date.parse(completedAt) > PAYOUT_DUE_MS;
}

/** A payout as `GET /api/wager-races/{id}/payouts` answers it (amount in cents-rounded dollars). */
export function payoutJson(payout: PayoutView) {
  return {
    place: payout.place,
    name: payout.name,
    uid: payout.uid,
    amount: payout.amountCents / 100,
    status: payout.status,
    method: payout.method,
    reference: payout.reference,
    paidAt: payout.paidAt,
  };
}

const CSV_COLUMNS = [
  "place",
  "name",
  "uid",
  "amount",
  "status",
  "method",
  "reference",
  "reason",
  "paidAt",
  "paidBy",
] as const;

/** One CSV field: quoted when it holds a comma, quote or line break; a formula start is defused. */
function csvField(value: string | number | null): string {
  if (value === null) return "";
  let field = String(value);
  // Spreadsheets may trim leading spaces (a no-break space too) before they read a formula.
  if (/^[\s\u00a0]*[=+\-@]/.test(field) || /^[\t\r]/.test(field)) field = `'${field}`;
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

/**
 * The ledger of one race as CSV (RFC 4180, CRLF line ends), for the admins' export: after a
 * byte-order mark, without which Excel reads the UTF-8 of names as another encoding.
 */
export function payoutsCsv(payouts: readonly PayoutView[]): string {
  const rows = payouts.map((p) =>
    [
      p.place,
      p.name,
      p.uid,
      (p.amountCents / 100).toFixed(2),
      p.status,
      p.method,
      p.reference,
      p.reason,
      p.paidAt,
      p.paidBy,
    ].map(csvField),
  );
  return (
    "\uFEFF" + [CSV_COLUMNS.join(","), ...rows.map((row) => row.join(","))].join("\r\n") + "\r\n"
  );
}
