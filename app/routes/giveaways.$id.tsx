import { invariantResponse } from "@epic-web/invariant";
import { data } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CARD, PAGE, PageHeader, SECTION_HEADING } from "~/components/content/PageHeader";
import { GiveawaySummary } from "~/components/giveaway/GiveawaySummary";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";
import { describeRules, ENTRY_REFUSALS, GIVEAWAY_NOT_FOUND } from "~/domain/giveaways";
import { readForm } from "~/http/form-body.server";
import { pageMeta } from "~/lib/meta";
import { parsePositiveId } from "~/lib/params";
import { redirectWithToast } from "~/http/toast.server";
import { requireUser } from "~/services/auth/auth.server";
import {
  enterGiveaway,
  findGiveaway,
  hasEntered,
  listWinners,
} from "~/services/promotions/giveaways.server";
import { findRequestUser } from "~/services/auth/sessions.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  pageMeta(
    `${loaded?.giveaway.title ?? "Giveaway"} | Giveaways`,
    "A GoatedVIPs giveaway: its prize, who may enter, the published seed hash and the winners.",
  );

/** A giveaway, whether the visitor has entered it, and its winners once drawn (public). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parsePositiveId(params.id);
  const giveaway = id === null ? null : await findGiveaway(id);
  invariantResponse(giveaway, GIVEAWAY_NOT_FOUND, { status: 404 });
  const user = await findRequestUser(request);
  return {
    giveaway,
    signedIn: user !== null,
    entered: user ? await hasEntered(giveaway.id, user.userId) : false,
    winners: giveaway.status === "drawn" ? await listWinners(giveaway.id) : [],
    rules: describeRules(giveaway),
  };
}

/** The entry form: a signed-in member enters once while entries are open. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { title: "Sign in to enter the giveaway" });
  await readForm(request);
  const id = parsePositiveId(params.id);
  const outcome =
    id === null ? { refused: "notFound" as const } : await enterGiveaway(id, user.userId);
  if ("refused" in outcome) {
    const { status, message } = ENTRY_REFUSALS[outcome.refused];
    return data({ message }, { status });
  }
  return redirectWithToast(`/giveaways/${id}`, {
    title: "You are in the draw",
    description: "Good luck! Winners are told in their inbox.",
    type: "success",
  });
}

export default function GiveawayPage() {
  const { giveaway, signedIn, entered, winners, rules } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <div className={PAGE}>
      <Link to="/giveaways" className="text-sm font-bold text-muted hover:text-primary">
        <span aria-hidden="true">←</span> All giveaways
      </Link>
      <PageHeader title={giveaway.title} intro={`Prize: ${giveaway.prize}`} />
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="details" className={CARD}>
          <h2 id="details" className={SECTION_HEADING}>
            Details
          </h2>
          <GiveawaySummary giveaway={giveaway} />
          <ul className="mt-4 list-disc space-y-1 pl-5 text-sm">
            {rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="entry" className={CARD}>
          <h2 id="entry" className={SECTION_HEADING}>
            Enter
          </h2>
          {refusal ? (
            <p role="alert" className="mt-3 font-bold text-destructive">
              {refusal.message}
            </p>
          ) : null}
          {entered ? (
            <p className="mt-3 font-bold">You have entered this giveaway.</p>
          ) : giveaway.status === "open" ? (
            <Form method="post" className="mt-3">
              {signedIn ? null : (
                <p className="mb-3 text-sm text-muted">You need an account to enter.</p>
              )}
              <button type="submit" className={`${PRIMARY_BUTTON} px-5 py-3`}>
                Enter the giveaway
              </button>
            </Form>
          ) : (
            <p className="mt-3 text-muted">Entries have closed.</p>
          )}
        </section>
      </div>

      <section aria-labelledby="fairness" className={`${CARD} mt-6`}>
        <h2 id="fairness" className={SECTION_HEADING}>
          Provably fair
        </h2>
        <p className="mt-2 text-sm text-muted">
          SHA-256 of the secret server seed, published when the giveaway was made:
        </p>
        <p className="break-all font-mono text-sm">{giveaway.seedHash}</p>
        <Link
          to={`/giveaways/${giveaway.id}/proof`}
          className="mt-3 inline-block text-primary underline underline-offset-4"
        >
          Check the draw
        </Link>
      </section>

      {giveaway.status === "drawn" ? (
        <section aria-labelledby="winners" className={`${CARD} mt-6`}>
          <h2 id="winners" className={SECTION_HEADING}>
            Winners
          </h2>
          <ol className="mt-3 list-decimal space-y-1 pl-5">
            {winners.map((winner) => (
              <li key={winner.userId}>
                <span className="font-bold">{winner.username}</span>{" "}
                <span className="text-sm text-muted">
                  (member #{winner.userId}, {winner.tickets}{" "}
                  {winner.tickets === 1 ? "ticket" : "tickets"})
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
