import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AdminPageHeader, AdminPanelLink } from "~/components/admin/AdminPageHeader";
import { Pager } from "~/components/admin/Pager";
import { WagerChartPanel } from "~/components/player/WagerChartPanel";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/ui/buttons";
import { formatCents, formatUsd } from "~/domain/money";
import { formatDateTime } from "~/domain/time";
import {
  isWagerFlagDecision,
  WAGER_FLAG_KINDS,
  WAGER_FLAG_LABELS,
  WAGER_FLAG_RULES,
} from "~/domain/wager-flags";
import type { WagerFlagEvidence } from "~/domain/wager-flags";
import { readForm } from "~/http/form-body.server";
import { intentReply, readIntent } from "~/http/intent.server";
import { parsePositiveId } from "~/lib/params";
import { redirectWithToast } from "~/http/toast.server";
import { requireAdmin } from "~/services/auth/auth.server";
import { playerWagerChart } from "~/services/players/wager-charts.server";
import { decideWagerFlag, listWagerFlags } from "~/services/players/wager-flags.server";

export const meta: MetaFunction = () => [
  { title: "Wager Flags | Admin | GoatedVIPs" },
  {
    name: "description",
    content: "Wager anomalies the syncs flagged: look at them before paying prizes.",
  },
];

const PAGE = "/admin/flags";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const now = new Date();
  const page = new URL(request.url).searchParams.get("page");
  const { flags, window, total } = await listWagerFlags("open", page);
  const charts = await Promise.all(
    flags.map((flag) => playerWagerChart(flag.playerUid, flag.playerName ?? flag.playerUid, now)),
  );
  return {
    flags: flags.map((flag, i) => ({ ...flag, chart: charts[i]! })),
    window,
    total,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const intent = readIntent(form);
  const id = parsePositiveId(form.get("flagId"));
  if (!isWagerFlagDecision(intent) || id === null) {
    return intentReply({ intent: null, message: "Choose a flag to dismiss or confirm." }, 400);
  }
  const result = await decideWagerFlag(id, intent, admin);
  if ("missing" in result) {
    return intentReply({ intent, message: `There is no flag #${id}.` }, 404);
  }
  if ("decidedAlready" in result) {
    const message = `Flag #${id} was already ${result.decidedAlready}: nothing changed.`;
    return intentReply({ intent, message }, 409);
  }
  const held = result.heldPayouts.length;
  return redirectWithToast(PAGE, {
    title: intent === "confirmed" ? `Flag #${id} confirmed` : `Flag #${id} dismissed`,
    description:
      intent === "confirmed"
        ? `${held} unpaid payout${held === 1 ? "" : "s"} held; later ones are held as their race completes.`
        : undefined,
    type: "success",
  });
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-muted">{label}</dt>
      <dd className="font-display text-xl font-bold tabular-nums">{children}</dd>
    </div>
  );
}

/** The figures the rule saw, by kind. */
function Evidence({ evidence }: { evidence: WagerFlagEvidence }) {
  switch (evidence.kind) {
    case "wager_spike": {
      const known = evidence.history.filter((day) => day !== null).length;
      return (
        <>
          <Figure label={`Wager on ${evidence.day}`}>{formatUsd(evidence.dayWager)}</Figure>
          <Figure label={`Median of ${known} previous days`}>{formatUsd(evidence.median)}</Figure>
          <Figure label="Times the median">
            {evidence.median > 0 ? `${(evidence.dayWager / evidence.median).toFixed(1)}x` : "n/a"}
          </Figure>
        </>
      );
    }
    case "new_player_paid_place":
      return (
        <>
          <Figure label="Race">
            <Link to={`/wager-races/${evidence.raceId}`} className="underline">
              {evidence.raceTitle}
            </Link>
          </Figure>
          <Figure label="Place">#{evidence.position}</Figure>
          <Figure label="Wager in the race">{formatUsd(evidence.wager)}</Figure>
          <Figure label="Prize">{formatCents(evidence.prizeCents)}</Figure>
          <Figure label="First seen">{formatDateTime(evidence.firstSeenAt)}</Figure>
        </>
      );
    case "shared_address":
      return (
        <>
          <Figure label="Addresses shared">{evidence.sharedAddresses}</Figure>
          <div className="sm:col-span-2">
            <dt className="text-xs uppercase tracking-wide text-muted">Linked accounts</dt>
            <dd>
              <ul className="mt-1 space-y-1 text-sm">
                {evidence.accounts.map((account) => (
                  <li key={account.userId}>
                    <Link to={`/admin/users/${account.userId}`} className="underline">
                      {account.username}
                    </Link>{" "}
                    <span className="text-muted">player {account.playerUid}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </>
      );
    case "totals_decrease":
      return (
        <>
          <Figure label={`All-time at ${formatDateTime(evidence.beforeAt)}`}>
            {formatUsd(evidence.before)}
          </Figure>
          <Figure label={`All-time at ${formatDateTime(evidence.afterAt)}`}>
            {formatUsd(evidence.after)}
          </Figure>
          <Figure label="Decrease">{formatUsd(evidence.before - evidence.after)}</Figure>
        </>
      );
  }
}

/** `/admin/flags`: the open wager anomaly flags with their evidence, and the rules that raise them. */
export default function AdminFlags() {
  const { flags, window, total } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <AdminPageHeader title="Wager Flags">
        <AdminPanelLink />
      </AdminPageHeader>
      <p className="mt-3 max-w-2xl text-sm text-muted">
        After each sync, the rules below flag what to look at before paying. Dismiss a flag that is
        fine; confirm one that is not: confirming holds the player&apos;s unpaid prizes in the
        payout ledger, and prizes of races they win later, with the flag as the reason.
      </p>
      {refusal ? (
        <p role="alert" className="mt-4 rounded-md border border-destructive p-3 text-sm">
          {refusal.message}
        </p>
      ) : null}
      <section aria-labelledby="open-flags" className="mt-8">
        <h2 id="open-flags" className="font-display text-2xl font-bold uppercase">
          Open flags ({total})
        </h2>
        {flags.length === 0 ? <p className="mt-3 text-muted">No open flags.</p> : null}
        <ul className="mt-4 space-y-6">
          {flags.map((flag) => {
            const name = flag.playerName ?? flag.playerUid;
            return (
              <li key={flag.id}>
                <article
                  aria-labelledby={`flag-${flag.id}`}
                  className="rounded-xl border border-accent bg-card p-5"
                >
                  <h3 id={`flag-${flag.id}`} className="font-display text-xl font-bold">
                    #{flag.id} {WAGER_FLAG_LABELS[flag.kind]}: {name}
                  </h3>
                  <p className="mt-1 text-sm text-muted">
                    Player {flag.playerUid}, flagged {formatDateTime(flag.createdAt)}
                  </p>
                  <dl className="mt-4 grid gap-4 sm:grid-cols-3">
                    <Evidence evidence={flag.evidence} />
                  </dl>
                  <WagerChartPanel
                    data={flag.chart}
                    title={`${name}'s wager over the last 30 days`}
                    texts={{ empty: "No wager recorded in the last 30 days." }}
                  />
                  <Form method="post" className="mt-4 flex flex-wrap gap-3">
                    <input type="hidden" name="flagId" value={flag.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="dismissed"
                      className={`${SECONDARY_BUTTON} px-4 py-2`}
                    >
                      Dismiss #{flag.id}
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="confirmed"
                      className={`${PRIMARY_BUTTON} px-4 py-2`}
                    >
                      Confirm #{flag.id} and hold payouts
                    </button>
                  </Form>
                </article>
              </li>
            );
          })}
        </ul>
        <Pager page={window.page} totalPages={window.totalPages} />
      </section>
      <section aria-labelledby="flag-rules" className="mt-10">
        <h2 id="flag-rules" className="font-display text-2xl font-bold uppercase">
          How flags are raised
        </h2>
        <dl className="mt-4 space-y-4">
          {WAGER_FLAG_KINDS.map((kind) => (
            <div key={kind}>
              <dt className="font-bold">{WAGER_FLAG_LABELS[kind]}</dt>
              <dd className="text-sm text-muted">{WAGER_FLAG_RULES[kind]}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
