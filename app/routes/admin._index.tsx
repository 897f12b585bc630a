import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPageHeader } from "~/components/admin/AdminPageHeader";
import { AdminTable } from "~/components/admin/AdminTable";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";
import { PANEL_CARDS, panelFigureLabel } from "~/domain/admin-panel";
import { formatCents } from "~/domain/money";
import { formatDateTime } from "~/domain/time";
import { requireAdmin } from "~/services/auth/auth.server";
import {
  panelBackupCard,
  panelFigures,
  panelProviderStatus,
} from "~/services/admin/admin-panel.server";
import { overduePayouts } from "~/services/races/race-payouts.server";
import type { OverduePayout } from "~/services/races/race-payouts.server";
import { openFlagCount } from "~/services/players/wager-flags.server";

export const meta: MetaFunction = () => [
  { title: "Admin Panel | GoatedVIPs" },
  {
    name: "description",
    content: "Run GoatedVIPs: users, races, codes, notifications, support and the audit log.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [figures, backups, provider, overdue, openFlags] = await Promise.all([
    panelFigures(),
    panelBackupCard(),
    panelProviderStatus(),
    overduePayouts(),
    openFlagCount(),
  ]);
  return { figures, backups, providerNote: provider.note, overdue, openFlags };
}

/** `/admin` and `/admin/dashboard` (docs/product.md §A2 "Admin panel"). */
export default function AdminPanel() {
  const { figures, backups, providerNote, overdue, openFlags } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminPageHeader title="Admin Panel">
        <div className="flex flex-wrap gap-3">
          <Link to="/admin/audit" className={`${SECONDARY_BUTTON} px-4 py-2`}>
            Audit Log
          </Link>
          <Link to="/admin/security" className={`${SECONDARY_BUTTON} px-4 py-2`}>
            Security
          </Link>
          <Link to="/admin/banners" className={`${SECONDARY_BUTTON} px-4 py-2`}>
            Page Banners
          </Link>
          <Link to="/admin/flags" className={`${SECONDARY_BUTTON} px-4 py-2`}>
            Wager Flags: {openFlags} open
          </Link>
          <Link to="/admin/settings" className={`${SECONDARY_BUTTON} px-4 py-2`}>
            Site Settings
          </Link>
          <Link to="/admin/community-channels" className={`${SECONDARY_BUTTON} px-4 py-2`}>
            Community Channels
          </Link>
          <Link to="/" className={`${SECONDARY_BUTTON} px-4 py-2`}>
            Back to Site
          </Link>
        </div>
      </AdminPageHeader>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {PANEL_CARDS.map((card) => (
          <li key={card.title}>
            <Link
              to={card.to}
              className="block h-full rounded-xl border border-accent bg-card p-5 hover:border-primary"
            >
              <h2 className="font-display text-xl font-bold uppercase">{card.title}</h2>
              <p className="mt-1 text-sm text-muted">{card.text}</p>
              <p className="mt-4">
                <span className="font-display text-2xl font-bold tabular-nums">
                  {figures[card.figure]}
                </span>{" "}
                <span className="text-sm text-muted">
                  {panelFigureLabel(card, figures[card.figure])}
                </span>
              </p>
              {card.figure === "tokenStatus" ? (
                <p className="mt-2 break-words text-sm text-muted">{providerNote}</p>
              ) : null}
            </Link>
          </li>
        ))}
        <li>
          <section
            aria-labelledby="backups-card"
            className={`h-full rounded-xl border bg-card p-5 ${backups.warning ? "border-destructive" : "border-accent"}`}
          >
            <h2 id="backups-card" className="font-display text-xl font-bold uppercase">
              Backups
            </h2>
            <p className="mt-1 text-sm text-muted">{backups.how}</p>
            <p className="mt-4">
              <span className="font-display text-2xl font-bold tabular-nums">{backups.figure}</span>{" "}
              <span className="text-sm text-muted">{backups.figureLabel}</span>
            </p>
            {backups.warning ? (
              <p role="alert" className="mt-3 text-sm font-bold text-red-300">
                {backups.warning}
              </p>
            ) : null}
            {backups.lastFailure ? (
              <p className="mt-2 break-words text-sm text-muted">{backups.lastFailure}</p>
            ) : null}
          </section>
        </li>
      </ul>
      <OverduePayouts overdue={overdue} />
    </div>
  );
}

/** Prizes still unpaid 24 hours after their race completed (issue 32), each with its race's ledger. */
function OverduePayouts({ overdue }: { overdue: readonly OverduePayout[] }) {
  return (
    <section aria-labelledby="overdue-payouts" className="mt-10">
      <h2 id="overdue-payouts" className="font-display text-2xl font-bold uppercase">
        Overdue Payouts
      </h2>
      <AdminTable
        label="Overdue payouts, oldest first"
        headings={["Race", "Place", "Player", "Amount", "Completed"]}
        empty={overdue.length === 0 ? "No payout is overdue." : null}
      >
        {overdue.map((payout) => (
          <tr key={`${payout.raceId}-${payout.place}`} className="border-t border-accent">
            <td className="px-3 py-3">
              <Link
                to={`/admin/wager-races/${payout.raceId}`}
                className="font-bold text-primary hover:underline"
              >
                {payout.raceTitle}
              </Link>
            </td>
            <td className="px-3 py-3">#{payout.place}</td>
            <td className="px-3 py-3">{payout.name}</td>
            <td className="px-3 py-3 tabular-nums">{formatCents(payout.amountCents)}</td>
            <td className="px-3 py-3">{formatDateTime(payout.completedAt)}</td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
