import { invariantResponse } from "@epic-web/invariant";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPageHeader } from "~/components/admin/AdminPageHeader";
import { AdminPayoutCard, MARK_PAYOUT_INTENT } from "~/components/race/AdminPayoutCard";
import type { PayoutReply } from "~/components/race/AdminPayoutCard";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";
import { FormAlert } from "~/components/ui/form";
import { formatCents } from "~/domain/money";
import {
  BAD_STATUS,
  isOverdue,
  isPayoutStatus,
  NO_PAYOUT_AT_PLACE,
  NO_SUCH_PLACE,
  PAYOUT_CHANGED_MEANWHILE,
  PAYOUT_STATUS_LABELS,
} from "~/domain/race-payouts";
import { payoutChangeSchema } from "~/domain/race-payout-change";
import { PAID_POSITIONS } from "~/domain/race-prizes";
import { formatDateTime } from "~/domain/time";
import { readForm } from "~/http/form-body.server";
import { intentReply, readIntent, unknownIntent } from "~/http/intent.server";
import { parsePositiveId } from "~/lib/params";
import { redirectWithToast } from "~/http/toast.server";
import { requireAdmin } from "~/services/auth/auth.server";
import { announceNotifications } from "~/services/notifications/notifications.server";
import { listPayouts, markPayout } from "~/services/races/race-payouts.server";
import { findRace } from "~/services/races/race-store.server";

const RACE_NOT_FOUND = "Race not found";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.race.title ?? "Race"} payouts | Wager Races | Admin | GoatedVIPs` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parsePositiveId(params.id);
  const race = id === null ? null : await findRace(id);
  invariantResponse(race, RACE_NOT_FOUND, { status: 404, statusText: RACE_NOT_FOUND });
  const now = new Date();
  const payouts = (await listPayouts(race.id, "real")).map((payout) => ({
    payout,
    overdue: isOverdue(payout.status, race.completedAt, now),
  }));
  return { race, payouts };
}

/** Marks one payout paid, held or unpaid (audited); the winner is told when it is paid. */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readForm(request);
  const intent = readIntent(formData);
  if (intent !== MARK_PAYOUT_INTENT) return unknownIntent();
  const id = parsePositiveId(params.id);
  if (!id) return intentReply({ intent, message: RACE_NOT_FOUND }, 404);
  const place = parsePositiveId(formData.get("place"));
  if (!place || place > PAID_POSITIONS) return intentReply({ intent, message: NO_SUCH_PLACE }, 400);
  const status = formData.get("status");
  if (typeof status !== "string" || !isPayoutStatus(status)) {
    return intentReply({ intent, message: BAD_STATUS }, 400);
  }
  const submission = parseWithZod(formData, { schema: payoutChangeSchema });
  if (submission.status !== "success") {
    return intentReply({ intent, result: submission.reply() }, 400);
  }
  const marked = await markPayout(id, place, submission.value, admin);
  if ("changedMeanwhile" in marked) {
    return intentReply({ intent, message: PAYOUT_CHANGED_MEANWHILE }, 409);
  }
  if ("missing" in marked) {
    const message = marked.missing === "race" ? RACE_NOT_FOUND : NO_PAYOUT_AT_PLACE;
    return intentReply({ intent, message }, 404);
  }
  await announceNotifications(marked.notifications);
  const { payout } = marked;
  return redirectWithToast(`/admin/wager-races/${id}`, {
    title: "Payout Updated",
    description: `#${payout.place} ${payout.name}: ${PAYOUT_STATUS_LABELS[payout.status]}.`,
    type: "success",
  });
}

/** The refused form's reply, with the place and status its form posted. */
function payoutReply(actionData: ReturnType<typeof useActionData<typeof action>>) {
  const result = actionData?.intent === MARK_PAYOUT_INTENT ? actionData.result : undefined;
  const place = result?.initialValue?.place;
  const status = result?.initialValue?.status;
  if (!result || typeof place !== "string" || typeof status !== "string") return undefined;
  return { place, status, result } satisfies PayoutReply;
}

/** One race's payout ledger (issue 32): each paid place, its record and the forms to mark it. */
export default function AdminRacePayouts() {
  const { race, payouts } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const reply = payoutReply(actionData);
  const completed = race.status === "completed";
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Link to="/admin/wager-races" className="text-sm font-bold text-primary hover:underline">
        Wager Race Management
      </Link>
      <AdminPageHeader title={`${race.title} Payouts`}>
        {completed ? (
          <a
            href={`/admin/wager-races/${race.id}/payouts.csv`}
            download
            className={`${SECONDARY_BUTTON} px-4 py-2`}
          >
            Export CSV
          </a>
        ) : null}
      </AdminPageHeader>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">Status</dt>
        <dd className="capitalize">{race.status}</dd>
        <dt className="text-muted">Prize pool</dt>
        <dd>{formatCents(race.prizePoolCents)}</dd>
        <dt className="text-muted">Completed</dt>
        <dd>{race.completedAt ? formatDateTime(race.completedAt) : "Not yet"}</dd>
        <dt className="text-muted">Race page</dt>
        <dd>
          <Link to={`/wager-races/${race.id}`} className="text-primary hover:underline">
            /wager-races/{race.id}
          </Link>
        </dd>
      </dl>
      <div className="mt-6">
        <FormAlert
          title="Payout not changed"
          messages={actionData?.message ? [actionData.message] : undefined}
        />
      </div>
      {payouts.length === 0 ? (
        <p className="mt-6 text-muted">
          {completed
            ? "Nobody took a paid place in this race."
            : "The payouts start when the race completes."}
        </p>
      ) : (
        <ul className="mt-6 grid gap-4">
          {payouts.map(({ payout, overdue }) => (
            <AdminPayoutCard key={payout.place} payout={payout} overdue={overdue} reply={reply} />
          ))}
        </ul>
      )}
    </div>
  );
}
