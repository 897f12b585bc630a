import { z } from "zod";
import { BAD_STATUS, PAYOUT_STATUSES } from "./race-payouts";
import { hasControlOrLoneSurrogate } from "./text";

// What an admin sets on a payout, as its form and the admin API take it: apart from
// ./race-payouts.ts, whose labels the race pages show, so that zod stays out of their scripts.

export const PAYOUT_METHOD_MAX = 60;
export const PAYOUT_REFERENCE_MAX = 200;
export const PAYOUT_REASON_MAX = 500;

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !hasControlOrLoneSurrogate(value), {
      message: `Remove control characters and broken characters from the ${label.toLowerCase()}`,
    })
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * What an admin sets on a payout (form or API): paid needs a method and a reference (a
 * transaction or tip id), held needs a reason; unpaid clears them.
 */
export const payoutChangeSchema = z
  .object({
    status: z.enum(PAYOUT_STATUSES, { message: BAD_STATUS }),
    method: text("Method", PAYOUT_METHOD_MAX),
    reference: text("Reference", PAYOUT_REFERENCE_MAX),
    reason: text("Reason", PAYOUT_REASON_MAX),
    /** The status the admin saw: a payout changed since is refused (PAYOUT_CHANGED_MEANWHILE). */
    expectedStatus: z.enum(PAYOUT_STATUSES, { message: BAD_STATUS }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === "paid" && !value.method) {
      ctx.addIssue({ code: "custom", path: ["method"], message: "Say how the prize was paid" });
    }
    if (value.status === "paid" && !value.reference) {
      ctx.addIssue({
        code: "custom",
        path: ["reference"],
        message: "Give the payment's reference, such as a transaction or tip id",
      });
    }
    if (value.status === "held" && !value.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: "Say why the prize is held" });
    }
  })
  .transform((value) => ({
    status: value.status,
    method: value.status === "paid" ? value.method : null,
    reference: value.status === "paid" ? value.reference : null,
    reason: value.status === "held" ? value.reason : null,
    ...(value.expectedStatus ? { expectedStatus: value.expectedStatus } : {}),
  }));

export type PayoutChange = z.output<typeof payoutChangeSchema>;
