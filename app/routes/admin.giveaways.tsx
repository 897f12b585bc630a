import { data } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AdminPageHeader, AdminPanelLink } from "~/components/admin/AdminPageHeader";
import { GiveawaySummary } from "~/components/giveaway/GiveawaySummary";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/ui/buttons";
import { TextField } from "~/components/ui/form";
import {
  CLOSE_IN_PAST_MESSAGE,
  closingInFuture,
  DRAW_REFUSALS,
  giveawayInputFromForm,
  giveawayInputSchema,
} from "~/domain/giveaways";
import { readForm } from "~/http/form-body.server";
import { readIntent, unknownIntent } from "~/http/intent.server";
import { parsePositiveId } from "~/lib/params";
import { redirectWithToast } from "~/http/toast.server";
import { requireAdmin } from "~/services/auth/auth.server";
import {
  createGiveaway,
  drawGiveaway,
  listGiveaways,
} from "~/services/promotions/giveaways.server";

export const meta: MetaFunction = () => [
  { title: "Giveaways | Admin | GoatedVIPs" },
  { name: "description", content: "Create giveaways and draw them provably fairly." },
];

const PAGE = "/admin/giveaways";
const CREATE_INTENT = "create-giveaway";
const DRAW_INTENT = "draw-giveaway";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { giveaways: await listGiveaways() };
}

type FieldName = "title" | "prize" | "entriesCloseAt" | "winners" | "minWager" | "dollarsPerTicket";

/** Create (audited, with a committed seed) and draw (once, audited): native forms. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  switch (readIntent(form)) {
    case CREATE_INTENT: {
      const values = Object.fromEntries(
        [...form.entries()].filter(
          (entry): entry is [string, string] => typeof entry[1] === "string",
        ),
      );
      const parsed = giveawayInputSchema.safeParse(giveawayInputFromForm(form));
      const now = new Date();
      if (!parsed.success || !closingInFuture(parsed.data, now)) {
        const fieldErrors: Partial<Record<FieldName, string[]>> = parsed.success
          ? { entriesCloseAt: [CLOSE_IN_PAST_MESSAGE] }
          : z.flattenError(parsed.error).fieldErrors;
        return data({ intent: CREATE_INTENT, fieldErrors, values, message: null }, 400);
      }
      const giveaway = await createGiveaway(parsed.data, admin, now);
      return redirectWithToast(PAGE, {
        title: "Giveaway created",
        description: `${giveaway.title}: its seed hash is published.`,
        type: "success",
      });
    }
    case DRAW_INTENT: {
      const id = parsePositiveId(form.get("id"));
      const outcome = id ? await drawGiveaway(id, admin) : { refused: "notFound" as const };
      if ("refused" in outcome) {
        const { status, message } = DRAW_REFUSALS[outcome.refused];
        return data({ intent: DRAW_INTENT, fieldErrors: {}, values: {}, message }, status);
      }
      return redirectWithToast(PAGE, {
        title: "Giveaway drawn",
        description: `Winners: ${outcome.drawn.winners.map((winner) => winner.username).join(", ")}.`,
        type: "success",
      });
    }
    default:
      return unknownIntent();
  }
}

const FIELDS: ReadonlyArray<{
  name: FieldName;
  label: string;
  hint?: string;
  inputMode?: "numeric" | "decimal";
  type?: "datetime-local";
}> = [
  { name: "title", label: "Title" },
  { name: "prize", label: "Prize", hint: "As shown to members, e.g. $500 in BTC." },
  { name: "entriesCloseAt", label: "Entries close (UTC)", type: "datetime-local" },
  { name: "winners", label: "Number of winners", inputMode: "numeric" },
  {
    name: "minWager",
    label: "Minimum wager in dollars (optional)",
    hint: "Only linked players who wager this much between now and the close may win.",
    inputMode: "decimal",
  },
  {
    name: "dollarsPerTicket",
    label: "Dollars per ticket (optional)",
    hint: "One ticket per this many dollars wagered in the window; empty: one ticket each.",
    inputMode: "decimal",
  },
];

export default function AdminGiveaways() {
  const { giveaways } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const created = reply && "intent" in reply && reply.intent === CREATE_INTENT ? reply : null;
  const refusal = reply && "message" in reply ? reply.message : null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminPageHeader title="Giveaways">
        <AdminPanelLink />
      </AdminPageHeader>

      <section
        aria-labelledby="new-giveaway"
        className="mt-8 rounded-xl border border-accent bg-card p-5"
      >
        <h2 id="new-giveaway" className="font-display text-2xl font-bold uppercase">
          New giveaway
        </h2>
        <Form method="post" noValidate className="mt-4 grid gap-4 md:grid-cols-2">
          <input type="hidden" name="intent" value={CREATE_INTENT} />
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              id={field.name}
              name={field.name}
              label={field.label}
              hint={field.hint}
              type={field.type ?? "text"}
              inputMode={field.inputMode}
              defaultValue={created?.values[field.name] ?? ""}
              errors={created?.fieldErrors[field.name]}
            />
          ))}
          <button type="submit" className={`${PRIMARY_BUTTON} px-5 py-3 md:col-span-2`}>
            Create giveaway
          </button>
        </Form>
      </section>

      <section aria-labelledby="giveaway-list" className="mt-10">
        <h2 id="giveaway-list" className="font-display text-2xl font-bold uppercase">
          All giveaways
        </h2>
        {refusal ? (
          <p role="alert" className="mt-3 font-bold text-destructive">
            {refusal}
          </p>
        ) : null}
        {giveaways.length === 0 ? (
          <p className="mt-4 text-muted">No giveaways yet.</p>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {giveaways.map((giveaway) => (
              <li key={giveaway.id} className="rounded-xl border border-accent bg-card p-5">
                <h3 className="font-display text-xl font-bold uppercase">
                  <Link to={`/giveaways/${giveaway.id}`} className="hover:text-primary">
                    {giveaway.title}
                  </Link>
                </h3>
                <GiveawaySummary giveaway={giveaway} />
                {giveaway.status === "drawn" ? (
                  <Link
                    to={`/giveaways/${giveaway.id}/proof`}
                    className={`${SECONDARY_BUTTON} mt-4 px-4 py-2`}
                  >
                    Proof of {giveaway.title}
                  </Link>
                ) : (
                  <Form method="post" className="mt-4">
                    <input type="hidden" name="intent" value={DRAW_INTENT} />
                    <input type="hidden" name="id" value={giveaway.id} />
                    <button
                      type="submit"
                      disabled={giveaway.status === "open"}
                      className={`${PRIMARY_BUTTON} px-4 py-2 disabled:opacity-50`}
                    >
                      {giveaway.status === "open"
                        ? "Draw after entries close"
                        : `Draw ${giveaway.title}`}
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
