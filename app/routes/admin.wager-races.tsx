import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRevalidator,
} from "@remix-run/react";
import { AdminPageHeader } from "~/components/admin/AdminPageHeader";
import { useEffect } from "react";
import {
  AdminRaceCard,
  DELETE_RACE_INTENT,
  RaceDeleteConfirmation,
  TOGGLE_STATUS_INTENT,
} from "~/components/race/AdminRaceCard";
import {
  PREVIEW_RACE_INTENT,
  RaceForm,
  raceFormDefaults,
  SAVE_RACE_INTENT,
} from "~/components/race/RaceForm";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";
import { formatCents } from "~/domain/money";
import { monthlyRaceClashMessage, raceFormSchema, raceInputFromForm } from "~/domain/race-form";
import { PAYOUTS_ON_RECORD } from "~/domain/race-payouts";
import { RESULT_SEALED } from "~/domain/race";
import { raceSummary, toggledStatus } from "~/domain/race-status";
import { readForm } from "~/http/form-body.server";
import { postedId, replyTo } from "~/lib/intent";
import { intentReply, readIntent, unknownIntent } from "~/http/intent.server";
import { parsePositiveId } from "~/lib/params";
import { redirectWithToast } from "~/http/toast.server";
import { requireAdmin } from "~/services/auth/auth.server";
import {
  createRace,
  deleteRace,
  listRaces,
  setRaceStatus,
  updateRace,
} from "~/services/races/race-admin.server";
import { findRace } from "~/services/races/race-store.server";

export const meta: MetaFunction = () => [
  { title: "Wager Race Management | Admin | GoatedVIPs" },
  { name: "description", content: "Create, edit, start, complete and delete wager races." },
];

const PAGE = "/admin/wager-races";
/** The race list is refreshed every 5 s (docs/product.md §A9). */
const POLL_MS = 5000;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const races = await listRaces();
  const byId = (key: string) =>
    races.find((race) => race.id === parsePositiveId(params.get(key))) ?? null;
  return {
    races,
    summary: raceSummary(races),
    creating: params.get("form") === "new",
    editing: byId("edit"),
    deleting: byId("delete"),
    today: new Date().toISOString().slice(0, 10),
  };
}

/** Post/redirect/get back to the list with the success toast (docs/product.md §A8). */
const doneWith = (title: string, description: string) =>
  redirectWithToast(PAGE, { title, description, type: "success" });

const raceNotFound = () =>
  redirectWithToast(PAGE, {
    title: "Race not found",
    description: "It may have been deleted already.",
    type: "destructive",
  });

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readForm(request);
  const intent = readIntent(formData);
  const id = parsePositiveId(formData.get("id"));

  switch (intent) {
    case SAVE_RACE_INTENT: {
      const existing = id ? await findRace(id) : null;
      if (id && !existing) return raceNotFound();
      const submission = parseWithZod(formData, { schema: raceFormSchema });
      if (submission.status !== "success") {
        return intentReply({ intent, result: submission.reply() }, 400);
      }
      const input = raceInputFromForm(submission.value, existing);
      const saved = existing
        ? await updateRace(existing.id, input, admin)
        : await createRace(input, admin);
      if (!saved) return raceNotFound();
      if ("clash" in saved) {
        const message = monthlyRaceClashMessage(saved.clash);
        const result = submission.reply({ fieldErrors: { startDate: [message] } });
        return intentReply({ intent, result }, 409);
      }
      if ("payoutsOnRecord" in saved || "resultSealed" in saved) {
        const message = "resultSealed" in saved ? RESULT_SEALED : PAYOUTS_ON_RECORD;
        const result = submission.reply({ fieldErrors: { status: [message] } });
        return intentReply({ intent, result }, 409);
      }
      return existing
        ? doneWith("Updated Successfully", "Race has been updated.")
        : doneWith("Created Successfully", "Race has been created.");
    }
    case PREVIEW_RACE_INTENT: {
      // Nothing is saved: the form comes back with what was typed and each position's prize (for a
      // browser without JavaScript), as the race form's reply.
      const submission = parseWithZod(formData, { schema: raceFormSchema });
      const status = submission.status === "success" ? 200 : 400;
      return intentReply({ intent: SAVE_RACE_INTENT, result: submission.reply() }, status);
    }
    case TOGGLE_STATUS_INTENT: {
      if (!id) return unknownIntent();
      const race = await findRace(id);
      if (!race) return raceNotFound();
      const saved = await setRaceStatus(id, toggledStatus(race.status), admin);
      if (!saved) return raceNotFound();
      if (!("race" in saved)) {
        return redirectWithToast(PAGE, {
          title: "Status not changed",
          description: "clash" in saved ? monthlyRaceClashMessage(saved.clash) : PAYOUTS_ON_RECORD,
          type: "destructive",
        });
      }
      return doneWith("Status Updated", "Race status has been updated successfully.");
    }
    case DELETE_RACE_INTENT: {
      if (!id) return unknownIntent();
      if (!(await deleteRace(id, admin))) return raceNotFound();
      return doneWith("Deleted Successfully", "Race has been deleted.");
    }
    default:
      return unknownIntent();
  }
}

export default function AdminWagerRaces() {
  const { races, summary, creating, editing, deleting, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { revalidate, state } = useRevalidator();
  const navigating = useNavigation().state !== "idle";

  // A failed save or a preview shows its form again (with the server's messages or prizes),
  // whatever the URL says: the form of the race whose id it posted, else the new race's.
  const formReply = replyTo(actionData, SAVE_RACE_INTENT);
  const replyId = formReply ? parsePositiveId(postedId(formReply.initialValue)) : undefined;
  const formRace =
    replyId !== undefined ? (races.find((race) => race.id === replyId) ?? null) : editing;
  const showForm = creating || editing !== null || formReply !== undefined;

  // The list refreshes itself, except while a form is open (it would drop the form's messages) or
  // a submission is under way (a refresh then would cancel its reload, and the toast with it).
  useEffect(() => {
    if (showForm || navigating) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && state === "idle") revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [revalidate, state, showForm, navigating]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminPageHeader title="Wager Race Management">
        {/* At every width, in the page: a floating copy on phones lay over the page
            (docs/decisions/0096). */}
        <Link to="?form=new#race-form" className={`${PRIMARY_BUTTON} px-5 py-2`}>
          New Race
        </Link>
      </AdminPageHeader>

      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        {[
          ["Active Races", String(summary.activeRaces)],
          ["Total Prize Pool", formatCents(summary.totalPrizePoolCents)],
          ["Total Participants", summary.totalParticipants],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-accent bg-card p-5">
            <dt className="text-sm font-bold uppercase tracking-widest text-muted">{label}</dt>
            <dd className="mt-1 font-display text-3xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>

      {deleting ? <RaceDeleteConfirmation race={deleting} /> : null}

      {showForm ? (
        <section id="race-form" aria-labelledby="race-form-heading" className="mt-8">
          <h2 id="race-form-heading" className="font-display text-2xl font-bold uppercase">
            {formRace ? `Edit ${formRace.title}` : "New Race"}
          </h2>
          <RaceForm
            key={formRace?.id ?? "new"}
            raceId={formRace?.id ?? null}
            defaults={raceFormDefaults(formRace, today)}
            distribution={formRace?.distribution ?? null}
            lastResult={formReply}
            cancelTo={PAGE}
          />
        </section>
      ) : null}

      <section aria-labelledby="race-list" className="mt-10">
        <h2 id="race-list" className="font-display text-2xl font-bold uppercase">
          Races
        </h2>
        {races.length === 0 ? (
          <p className="mt-4 text-muted">No races yet.</p>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {races.map((race) => (
              <AdminRaceCard key={race.id} race={race} nextStatus={toggledStatus(race.status)} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
