import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRevalidator,
  useRouteError,
} from "@remix-run/react";
import { useEffect } from "react";
import { AdminRaceCard, DeleteConfirmation } from "~/components/race/AdminRaceCard";
import { RaceForm, raceFormDefaults } from "~/components/race/RaceForm";
import { ErrorScreen } from "~/components/errors/ErrorScreen";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";
import { formatCents } from "~/domain/money";
import { raceSummary, toggledStatus } from "~/domain/race-status";
import { readForm } from "~/lib/form-body.server";
import { createToastHeaders as toastHeaders } from "~/lib/toast.server";
import { requireAdmin } from "~/services/auth.server";
import {
  createRace,
  deleteRace,
  listRaces,
  setRaceStatus,
  updateRace,
} from "~/services/race-admin.server";
import {
  monthlyRaceClashMessage,
  raceFormSchema,
  raceInputFromForm,
} from "~/services/race-input.server";
import { findRace } from "~/services/races.server";

export const meta: MetaFunction = () => [
  { title: "Wager Race Management | Admin | GoatedVIPs" },
  { name: "description", content: "Create, edit, start, complete and delete wager races." },
];

const PAGE = "/admin/wager-races";
/** Admin-and-content §9: the race list is refreshed every 5 s. */
const POLL_MS = 5000;

function idFrom(value: FormDataEntryValue | string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const races = await listRaces();
  const byId = (key: string) => races.find((race) => race.id === idFrom(params.get(key))) ?? null;
  return {
    races,
    summary: raceSummary(races),
    creating: params.get("form") === "new",
    editing: byId("edit"),
    deleting: byId("delete"),
    today: new Date().toISOString().slice(0, 10),
  };
}

/** Post/redirect/get back to the list with the spec's success toast. */
async function doneWith(title: string, description: string) {
  return redirect(PAGE, { headers: await toastHeaders({ title, description, type: "success" }) });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const id = idFrom(formData.get("id"));
  const notFound = async () =>
    redirect(PAGE, {
      headers: await toastHeaders({
        title: "Race not found",
        description: "It may have been deleted already.",
        type: "destructive",
      }),
    });

  if (intent === "save") {
    const existing = id ? await findRace(id) : null;
    if (id && !existing) return notFound();
    const submission = parseWithZod(formData, { schema: raceFormSchema });
    if (submission.status !== "success") {
      return data({ result: submission.reply(), id }, { status: 400 });
    }
    const input = raceInputFromForm(submission.value, existing);
    const saved = existing
      ? await updateRace(existing.id, input, admin.userId)
      : await createRace(input, admin.userId);
    if (!saved) return notFound();
    if ("clash" in saved) {
      const message = monthlyRaceClashMessage(saved.clash);
      return data(
        { result: submission.reply({ fieldErrors: { startDate: [message] } }), id },
        { status: 409 },
      );
    }
    return existing
      ? doneWith("Updated Successfully", "Race has been updated.")
      : doneWith("Created Successfully", "Race has been created.");
  }

  if (intent === "toggle-status" && id) {
    const race = await findRace(id);
    if (!race) return notFound();
    const saved = await setRaceStatus(id, toggledStatus(race.status), admin.userId);
    if (!saved) return notFound();
    if ("clash" in saved) {
      return redirect(PAGE, {
        headers: await toastHeaders({
          title: "Status not changed",
          description: monthlyRaceClashMessage(saved.clash),
          type: "destructive",
        }),
      });
    }
    return doneWith("Status Updated", "Race status has been updated successfully.");
  }

  if (intent === "delete" && id) {
    if (!(await deleteRace(id))) return notFound();
    return doneWith("Deleted Successfully", "Race has been deleted.");
  }

  return data({ result: undefined, id: null, message: "Unknown action" }, { status: 400 });
}

export default function AdminWagerRaces() {
  const { races, summary, creating, editing, deleting, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { revalidate, state } = useRevalidator();
  const navigating = useNavigation().state !== "idle";

  // A failed save shows its form again (with the server's messages), whatever the URL says.
  const failedSaveId =
    actionData && "result" in actionData && actionData.result ? actionData.id : undefined;
  const formRace =
    failedSaveId !== undefined ? (races.find((race) => race.id === failedSaveId) ?? null) : editing;
  const showForm = creating || editing !== null || failedSaveId !== undefined;

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
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-extrabold uppercase text-primary sm:text-4xl">
          Wager Race Management
        </h1>
        <Link
          to="?form=new#race-form"
          className={`${PRIMARY_BUTTON} hidden px-5 py-2 sm:inline-flex`}
        >
          New Race
        </Link>
      </div>

      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        {[
          ["Active Races", String(summary.activeRaces)],
          ["Total Prize Pool", formatCents(summary.totalPrizePoolCents)],
          ["Total Participants", summary.totalParticipants],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-accent bg-card p-5">
            <dt className="text-sm font-bold uppercase tracking-widest text-muted">{label}</dt>
            <dd className="mt-1 font-display text-3xl font-extrabold">{value}</dd>
          </div>
        ))}
      </dl>

      {deleting ? <DeleteConfirmation race={deleting} /> : null}

      {showForm ? (
        <section id="race-form" aria-labelledby="race-form-heading" className="mt-8">
          <h2 id="race-form-heading" className="font-display text-2xl font-extrabold uppercase">
            {formRace ? `Edit ${formRace.title}` : "New Race"}
          </h2>
          <RaceForm
            key={formRace?.id ?? "new"}
            raceId={formRace?.id ?? null}
            defaults={raceFormDefaults(formRace, today)}
            distribution={formRace?.distribution ?? null}
            lastResult={actionData && "result" in actionData ? actionData.result : undefined}
            cancelTo={PAGE}
          />
        </section>
      ) : null}

      <section aria-labelledby="race-list" className="mt-10">
        <h2 id="race-list" className="font-display text-2xl font-extrabold uppercase">
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

      {/* The mobile floating New Race button (admin-and-content §2). */}
      <Link
        to="?form=new#race-form"
        className={`${PRIMARY_BUTTON} fixed bottom-24 right-4 z-30 px-5 py-3 shadow-glow sm:hidden`}
      >
        New Race
      </Link>
    </div>
  );
}

/** A signed-in non-admin gets 403 with the admin area's access text (admin-and-content §2). */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-display text-3xl font-extrabold uppercase text-primary">
          Admin Access Required
        </h1>
        <p className="mt-4 text-muted">You need admin privileges to view this page.</p>
        <Link to="/" className={`${PRIMARY_BUTTON} mt-8 px-5 py-2`}>
          Return to Home
        </Link>
      </section>
    );
  }
  return (
    <ErrorScreen
      message={
        isRouteErrorResponse(error)
          ? `${error.status} ${error.statusText}`
          : error instanceof Error
            ? error.message
            : "An unexpected error occurred"
      }
    />
  );
}
