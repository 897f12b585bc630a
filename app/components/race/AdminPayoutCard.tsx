import { getFormProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";
import { InputField, SubmitButton } from "~/components/ui/form";
import { formatCents } from "~/domain/money";
import { PAYOUT_STATUS_LABELS } from "~/domain/race-payouts";
import {
  payoutChangeSchema,
  PAYOUT_METHOD_MAX,
  PAYOUT_REASON_MAX,
  PAYOUT_REFERENCE_MAX,
} from "~/domain/race-payout-change";
import type { PayoutStatus, PayoutView } from "~/domain/race-payouts";
import { formatDateTime } from "~/domain/time";

/** What every payout form posts as its `intent`, with the `place` and the `status` it sets. */
export const MARK_PAYOUT_INTENT = "mark-payout";

const STATUS_STYLES: Record<PayoutStatus, string> = {
  unpaid: "border-accent text-muted",
  paid: "border-success text-success",
  held: "border-destructive text-red-300",
};

/** A refused form's reply goes back to the form that posted that place and status. */
export interface PayoutReply {
  place: string;
  status: string;
  result: SubmissionResult<string[]>;
}

/**
 * One payout on /admin/wager-races/:id: its record, and native forms to mark it paid (method and
 * reference; the amount is the prize), held (a reason) or back to unpaid. Each form posts on its
 * own and works without JavaScript; the server checks and records every change.
 */
export function AdminPayoutCard({
  payout,
  overdue,
  reply,
}: {
  payout: PayoutView;
  overdue: boolean;
  reply: PayoutReply | undefined;
}) {
  const replyFor = (status: PayoutStatus) =>
    reply && reply.place === String(payout.place) && reply.status === status
      ? reply.result
      : undefined;
  return (
    <li
      className="rounded-xl border border-accent bg-card p-5"
      aria-labelledby={`payout-${payout.place}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2
          id={`payout-${payout.place}`}
          className="font-display text-xl font-bold [overflow-wrap:anywhere]"
        >
          #{payout.place} {payout.name}
        </h2>
        <span
          className={`shrink-0 rounded-full border px-3 py-1 text-xs font-bold uppercase ${STATUS_STYLES[payout.status]}`}
        >
          {PAYOUT_STATUS_LABELS[payout.status]}
        </span>
      </div>
      {overdue ? (
        <p className="mt-2 text-sm font-bold text-red-300">
          Overdue: unpaid more than 24 hours after the race completed.
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm [overflow-wrap:anywhere]">
        <dt className="text-muted">Amount</dt>
        <dd className="tabular-nums">{formatCents(payout.amountCents)}</dd>
        <dt className="text-muted">Player id</dt>
        <dd>{payout.uid}</dd>
        {payout.status === "paid" ? (
          <>
            <dt className="text-muted">Paid</dt>
            <dd>
              {payout.paidAt ? formatDateTime(payout.paidAt) : ""} by {payout.paidBy ?? ""}
            </dd>
            <dt className="text-muted">Method</dt>
            <dd>{payout.method}</dd>
            <dt className="text-muted">Reference</dt>
            <dd>{payout.reference}</dd>
          </>
        ) : null}
        {payout.status === "held" ? (
          <>
            <dt className="text-muted">Reason held</dt>
            <dd>{payout.reason}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <MarkPaidForm payout={payout} lastResult={replyFor("paid")} />
        <HoldForm payout={payout} lastResult={replyFor("held")} />
      </div>
      {payout.status === "unpaid" ? null : (
        <PayoutForm payout={payout} status="unpaid" className="mt-4">
          <button type="submit" className={`${SECONDARY_BUTTON} px-4 py-2`}>
            Back to Unpaid
          </button>
        </PayoutForm>
      )}
    </li>
  );
}

/** Whether the form of this place and status is being sent. */
function useSubmittingPayout(place: number, status: PayoutStatus): boolean {
  const navigation = useNavigation();
  const sent = navigation.formData;
  return (
    navigation.state === "submitting" &&
    sent?.get("intent") === MARK_PAYOUT_INTENT &&
    sent.get("place") === String(place) &&
    sent.get("status") === status
  );
}

/**
 * A payout form's tag and hidden fields; with `form`, conform's props (ids, validation). It posts
 * the status the page showed, so a change made since the page was loaded is not overwritten.
 */
function PayoutForm({
  payout,
  status,
  className,
  formProps,
  children,
}: {
  payout: PayoutView;
  status: PayoutStatus;
  className?: string;
  formProps?: ReturnType<typeof getFormProps>;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...formProps} className={className}>
      <input type="hidden" name="intent" value={MARK_PAYOUT_INTENT} />
      <input type="hidden" name="place" value={payout.place} />
      <input type="hidden" name="status" value={status} />
      <input type="hidden" name="expectedStatus" value={payout.status} />
      {children}
    </Form>
  );
}

function useChangeForm(
  payout: PayoutView,
  status: PayoutStatus,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  return useForm({
    id: `payout-${payout.place}-${status}`,
    lastResult,
    defaultValue:
      status === "paid"
        ? { method: payout.method ?? "", reference: payout.reference ?? "" }
        : { reason: payout.reason ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: payoutChangeSchema }),
  });
}

function MarkPaidForm({
  payout,
  lastResult,
}: {
  payout: PayoutView;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useChangeForm(payout, "paid", lastResult);
  const busy = useSubmittingPayout(payout.place, "paid");
  return (
    <PayoutForm
      payout={payout}
      status="paid"
      formProps={getFormProps(form)}
      className="grid content-start gap-3 rounded-lg border border-accent p-4"
    >
      <p className="text-sm">
        Pays <span className="font-bold tabular-nums">{formatCents(payout.amountCents)}</span>
      </p>
      <InputField
        field={fields.method}
        type="text"
        label="Method"
        hint="Such as tip, crypto or bank transfer."
        maxLength={PAYOUT_METHOD_MAX}
        autoComplete="off"
      />
      <InputField
        field={fields.reference}
        type="text"
        label="Reference"
        hint="The transaction or tip id."
        maxLength={PAYOUT_REFERENCE_MAX}
        autoComplete="off"
        spellCheck={false}
      />
      <SubmitButton busy={busy} busyLabel="Saving..." className="justify-self-start px-4 py-2">
        {payout.status === "paid" ? "Update Payment" : "Mark Paid"}
      </SubmitButton>
    </PayoutForm>
  );
}

function HoldForm({
  payout,
  lastResult,
}: {
  payout: PayoutView;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useChangeForm(payout, "held", lastResult);
  const busy = useSubmittingPayout(payout.place, "held");
  return (
    <PayoutForm
      payout={payout}
      status="held"
      formProps={getFormProps(form)}
      className="grid content-start gap-3 rounded-lg border border-accent p-4"
    >
      <InputField
        field={fields.reason}
        type="text"
        label="Reason to hold"
        hint="Such as an account under review."
        maxLength={PAYOUT_REASON_MAX}
        autoComplete="off"
      />
      <SubmitButton busy={busy} busyLabel="Saving..." className="justify-self-start px-4 py-2">
        {payout.status === "held" ? "Update Hold" : "Hold Payout"}
      </SubmitButton>
    </PayoutForm>
  );
}
