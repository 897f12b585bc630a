import { Form } from "@remix-run/react";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";
import { formatDateTime, formatTimeAgo } from "~/domain/time";

export const END_SESSION_INTENT = "end-session";
export const END_OTHER_SESSIONS_INTENT = "end-other-sessions";

export interface SessionRow {
  id: string;
  device: string;
  browser: string;
  createdAt: string;
  lastActive: string;
}

/** The profile's Sessions tab (docs/product.md §P2): the current session, and the others to end. */
export function SessionsPanel({
  current,
  others,
  now,
}: {
  current: SessionRow | null;
  others: SessionRow[];
  now: string;
}) {
  return (
    <section aria-labelledby="sessions-heading" className="space-y-6">
      <h2 id="sessions-heading" className="font-display text-2xl font-bold uppercase">
        Active Sessions
      </h2>
      {current ? (
        <div className="rounded-lg border border-accent bg-page p-4">
          <h3 className="mb-2 text-sm font-bold uppercase text-muted">Current Session</h3>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="font-bold">
                {current.device} · {current.browser}
              </p>
              <p className="text-sm text-muted">Active since {formatDateTime(current.createdAt)}</p>
            </div>
            <span className="rounded-full bg-success/15 px-3 py-1 text-xs font-bold uppercase text-success">
              Current
            </span>
          </div>
        </div>
      ) : null}
      <div>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h3 className="text-sm font-bold uppercase text-muted">Other Sessions</h3>
          {others.length > 0 ? (
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value={END_OTHER_SESSIONS_INTENT}
                className={`${SECONDARY_BUTTON} px-3 py-2 text-sm`}
              >
                Sign out all other sessions
              </button>
            </Form>
          ) : null}
        </div>
        {others.length === 0 ? (
          <p className="text-muted">No active sessions found.</p>
        ) : (
          <ul className="space-y-3">
            {others.map((session) => (
              <li
                key={session.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-accent bg-page p-4"
              >
                <div>
                  <p className="font-bold">
                    {session.device} · {session.browser}
                  </p>
                  <p className="text-sm text-muted">
                    Last active {formatTimeAgo(session.lastActive, new Date(now))}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="sessionId" value={session.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={END_SESSION_INTENT}
                    aria-label={`Terminate the ${session.device} ${session.browser} session`}
                    className="rounded-md border border-destructive/60 px-3 py-2 text-xs font-bold uppercase text-red-300 hover:bg-destructive/10"
                  >
                    Terminate
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
