import { Form, Link } from "@remix-run/react";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/ui/buttons";
import type { LinkDecision } from "~/domain/goated-link";
import { formatUsd } from "~/domain/money";
import { formatDateTime } from "~/domain/time";
import { AdminTable } from "./AdminTable";

export const LINK_DECISION_INTENTS: Record<LinkDecision, string> = {
  approve: "approve-link",
  reject: "reject-link",
};

export interface LinkRequestRow {
  id: number;
  userId: number;
  username: string;
  goatedUsername: string;
  createdAt: string;
  totals: { today: number; thisWeek: number; thisMonth: number; allTime: number } | null;
}

/**
 * The pending Goated link requests (decision 0031), oldest first, each with the player's totals so
 * the admin can check them with the player on Telegram before approving.
 */
export function LinkRequestsTable({ requests }: { requests: readonly LinkRequestRow[] }) {
  return (
    <section aria-labelledby="link-requests" className="mt-10">
      <h2 id="link-requests" className="font-display text-2xl font-bold uppercase">
        Link requests
      </h2>
      <AdminTable
        label="Link requests, oldest first"
        headings={["User", "Goated username", "Wagered", "Requested", "Decision"]}
        empty={requests.length === 0 ? "No link requests waiting." : null}
      >
        {requests.map((request) => (
          <tr key={request.id} className="border-t border-accent align-top">
            <td className="px-3 py-3 font-bold">
              <Link to={`/admin/users/${request.userId}`} className="hover:text-primary">
                {request.username}
              </Link>
            </td>
            <td className="break-all px-3 py-3">{request.goatedUsername}</td>
            <td className="whitespace-nowrap px-3 py-3 tabular-nums">
              {request.totals ? (
                <dl className="grid grid-cols-[auto_auto] gap-x-3">
                  <dt className="text-muted">All time</dt>
                  <dd>{formatUsd(request.totals.allTime)}</dd>
                  <dt className="text-muted">This month</dt>
                  <dd>{formatUsd(request.totals.thisMonth)}</dd>
                  <dt className="text-muted">This week</dt>
                  <dd>{formatUsd(request.totals.thisWeek)}</dd>
                  <dt className="text-muted">Today</dt>
                  <dd>{formatUsd(request.totals.today)}</dd>
                </dl>
              ) : (
                <span className="text-muted">No longer a referral</span>
              )}
            </td>
            <td className="whitespace-nowrap px-3 py-3">{formatDateTime(request.createdAt)}</td>
            <td className="px-3 py-3">
              <div className="flex flex-wrap gap-2">
                {(["approve", "reject"] as const).map((decision) => (
                  <Form key={decision} method="post" action="/admin/users">
                    <input type="hidden" name="intent" value={LINK_DECISION_INTENTS[decision]} />
                    <input type="hidden" name="requestId" value={request.id} />
                    <button
                      type="submit"
                      className={`${decision === "approve" ? PRIMARY_BUTTON : SECONDARY_BUTTON} px-3 py-1 text-sm`}
                      aria-label={`${decision === "approve" ? "Approve" : "Reject"}: ${request.username} as ${request.goatedUsername}`}
                    >
                      {decision === "approve" ? "Approve" : "Reject"}
                    </button>
                  </Form>
                ))}
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
