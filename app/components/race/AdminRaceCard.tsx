import { Form, Link } from "@remix-run/react";
import { useRef } from "react";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/ui/buttons";
import { useHydrated } from "~/components/ui/hooks";
import { formatCents, formatUsd } from "~/domain/money";
import { RACE_TYPE_LABELS } from "~/domain/race";
import type { RaceView } from "~/domain/race";
import { totalShare } from "~/domain/race-prizes";

/** The race fields an admin card shows. */
type CardRace = Pick<
  RaceView,
  | "id"
  | "title"
  | "type"
  | "status"
  | "prizePoolCents"
  | "minWager"
  | "startDate"
  | "endDate"
  | "distribution"
  | "isAutomatic"
>;

/** What a card's status toggle and delete forms post as their `intent`. */
export const TOGGLE_STATUS_INTENT = "toggle-status";
export const DELETE_RACE_INTENT = "delete";

const DANGER_BUTTON =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md bg-destructive px-4 py-2 font-display font-extrabold uppercase tracking-wide text-page hover:brightness-110";

const STATUS_STYLES: Record<string, string> = {
  live: "border-success text-success",
  upcoming: "border-primary text-primary",
  completed: "border-accent text-muted",
};

const when = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** One race in the admin list: its facts, Edit, the status quick toggle and Delete. */
export function AdminRaceCard({ race, nextStatus }: { race: CardRace; nextStatus: string }) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <li className="rounded-xl border border-accent bg-card p-5" aria-label={race.title}>
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-xs font-bold uppercase tracking-widest text-muted">
            {RACE_TYPE_LABELS[race.type] ?? race.type}
            {race.isAutomatic ? " · automatic" : ""}
          </p>
          <h3 className="mt-1 font-display text-xl font-extrabold uppercase">
            <Link to={`/wager-races/${race.id}`} className="hover:text-primary">
              {race.title}
            </Link>
          </h3>
        </div>
        <span
          className={`rounded-full border px-3 py-1 text-xs font-bold uppercase ${STATUS_STYLES[race.status] ?? ""}`}
        >
          {race.status}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Prize pool</dt>
        <dd>{formatCents(race.prizePoolCents)}</dd>
        <dt className="text-muted">Minimum wager</dt>
        <dd>{formatUsd(race.minWager)}</dd>
        <dt className="text-muted">Starts</dt>
        <dd>{when.format(new Date(race.startDate))} UTC</dd>
        <dt className="text-muted">Ends</dt>
        <dd>{when.format(new Date(race.endDate))} UTC</dd>
        <dt className="text-muted">Distribution</dt>
        <dd>
          {[1, 2, 3].map((p) => `${race.distribution[p] ?? 0}%`).join(" / ")} … (total{" "}
          {totalShare(race.distribution)}%)
        </dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={`?edit=${race.id}#race-form`} className={`${SECONDARY_BUTTON} px-4 py-2`}>
          Edit
        </Link>
        <Form method="post" action="/admin/wager-races">
          <input type="hidden" name="intent" value={TOGGLE_STATUS_INTENT} />
          <input type="hidden" name="id" value={race.id} />
          <button type="submit" className={`${SECONDARY_BUTTON} px-4 py-2`}>
            {nextStatus === "completed" ? "Mark Completed" : "Set Live"}
          </button>
        </Form>
        {hydrated ? (
          <button
            type="button"
            onClick={() => dialog.current?.showModal()}
            className={`${SECONDARY_BUTTON} px-4 py-2 text-destructive`}
          >
            Delete
          </button>
        ) : (
          <Link
            to={`?delete=${race.id}#delete-race`}
            className={`${SECONDARY_BUTTON} px-4 py-2 text-destructive`}
          >
            Delete
          </Link>
        )}
      </div>
      {hydrated ? (
        // A modal <dialog> closes on Escape or its buttons, never on a click outside it.
        <dialog
          ref={dialog}
          aria-labelledby={`delete-title-${race.id}`}
          className="max-w-md rounded-xl border border-accent bg-card p-6 text-white backdrop:bg-black/70"
        >
          <DeleteQuestion race={race} onCancel={() => dialog.current?.close()} />
        </dialog>
      ) : null}
    </li>
  );
}

function DeleteQuestion({ race, onCancel }: { race: CardRace; onCancel?: () => void }) {
  return (
    <>
      <h2 id={`delete-title-${race.id}`} className="font-display text-xl font-extrabold uppercase">
        Delete {race.title}?
      </h2>
      <p className="mt-2 text-muted">
        The race and its results are removed for good. This cannot be undone.
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Form method="post" action="/admin/wager-races">
          <input type="hidden" name="intent" value={DELETE_RACE_INTENT} />
          <input type="hidden" name="id" value={race.id} />
          <button type="submit" className={DANGER_BUTTON}>
            Delete Race
          </button>
        </Form>
        {onCancel ? (
          <button type="button" onClick={onCancel} className={`${PRIMARY_BUTTON} px-4 py-2`}>
            Cancel
          </button>
        ) : (
          <Link to="/admin/wager-races" className={`${PRIMARY_BUTTON} px-4 py-2`}>
            Cancel
          </Link>
        )}
      </div>
    </>
  );
}

/** The confirm step without JavaScript (?delete=id). */
export function DeleteConfirmation({ race }: { race: CardRace }) {
  return (
    <section
      id="delete-race"
      role="alertdialog"
      aria-labelledby={`delete-title-${race.id}`}
      className="mt-8 rounded-xl border border-destructive bg-card p-6"
    >
      <DeleteQuestion race={race} />
    </section>
  );
}
