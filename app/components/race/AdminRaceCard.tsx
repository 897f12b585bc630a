import { Form, Link } from "@remix-run/react";
import { DeleteButton, DeleteConfirmation } from "~/components/admin/ConfirmDelete";
import type { DeleteQuestionProps } from "~/components/admin/ConfirmDelete";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";
import { formatCents, formatUsd } from "~/domain/money";
import { RACE_TYPE_LABELS } from "~/domain/race";
import type { RaceView } from "~/domain/race";
import { prizeTable } from "~/domain/race-prizes";

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
  return (
    <li className="rounded-xl border border-accent bg-card p-5" aria-label={race.title}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-bold uppercase tracking-widest text-muted">
            {RACE_TYPE_LABELS[race.type] ?? race.type}
            {race.isAutomatic ? " · automatic" : ""}
          </p>
          <h3 className="mt-1 font-display text-xl font-bold uppercase [overflow-wrap:anywhere]">
            <Link to={`/wager-races/${race.id}`} className="hover:text-primary">
              {race.title}
            </Link>
          </h3>
        </div>
        <span
          className={`shrink-0 rounded-full border px-3 py-1 text-xs font-bold uppercase ${STATUS_STYLES[race.status] ?? ""}`}
        >
          {race.status}
        </span>
      </div>
      {/* The values' column may shrink and wrap: a phone is 320 px wide. */}
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm [overflow-wrap:anywhere]">
        <dt className="text-muted">Prize pool</dt>
        <dd>{formatCents(race.prizePoolCents)}</dd>
        <dt className="text-muted">Minimum wager</dt>
        <dd>{formatUsd(race.minWager)}</dd>
        <dt className="text-muted">Starts</dt>
        <dd>{when.format(new Date(race.startDate))} UTC</dd>
        <dt className="text-muted">Ends</dt>
        <dd>{when.format(new Date(race.endDate))} UTC</dd>
        <dt className="text-muted">Top 3 prizes</dt>
        <dd>
          {prizeTable(race.prizePoolCents, race.distribution)
            .slice(0, 3)
            .map((row) => `${formatCents(row.cents)} (${row.share}%)`)
            .join(" / ")}
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
        {race.status === "completed" ? (
          <Link to={`/admin/wager-races/${race.id}`} className={`${SECONDARY_BUTTON} px-4 py-2`}>
            Payouts
          </Link>
        ) : null}
        <DeleteButton
          question={deleteQuestion(race)}
          confirmUrl={`?delete=${race.id}#delete-race`}
        />
      </div>
    </li>
  );
}

/** What deleting a race asks (docs/product.md §A2: delete behind a confirmation). */
function deleteQuestion(race: CardRace): DeleteQuestionProps {
  return {
    id: `race-${race.id}`,
    heading: `Delete ${race.title}?`,
    text: "The race and its results are removed for good. This cannot be undone.",
    confirmLabel: "Delete Race",
    page: "/admin/wager-races",
    fields: { intent: DELETE_RACE_INTENT, id: race.id },
  };
}

/** The confirm step without JavaScript (?delete=id). */
export function RaceDeleteConfirmation({ race }: { race: CardRace }) {
  return <DeleteConfirmation question={deleteQuestion(race)} sectionId="delete-race" />;
}
