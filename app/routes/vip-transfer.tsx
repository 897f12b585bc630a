import { data } from "@remix-run/node";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { TextField } from "~/components/ui/form";
import { CARD, PAGE, PageHeader, SECTION_HEADING } from "~/components/content/PageHeader";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";
import {
  TRANSFER_TIERS,
  VIP_TRANSFER_ELIGIBILITY,
  VIP_TRANSFER_FORMULA,
  VIP_TRANSFER_INTRO,
} from "~/content/vip-transfer";
import { formatAbbreviatedUsd, formatUsd, formatWholeUsd, parseDollarAmount } from "~/domain/money";
import { DEFAULT_HOUSE_EDGE_PERCENT, vipTransferBonus } from "~/domain/vip-transfer";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/services/auth/auth.server";

export const meta: MetaFunction = () =>
  pageMeta(
    "VIP Transfer",
    "Bring your VIP status from another casino to Goated: transfer tiers, the cash bonus formula, eligibility and a bonus calculator.",
  );

const WAGER_MESSAGE = "Enter your wager in dollars: a number above 0.";
const EDGE_MESSAGE = "Enter the house edge in percent: a number above 0 and at most 100.";
const emptyToDefault = (fallback: number) => (value: unknown) =>
  value === undefined || value === "" ? fallback : value;

// "1,000,000" and "$100,000" are read as dollars; text that is no amount fails the number check.
const dollarsOrNaN = (value: unknown) =>
  typeof value === "string" ? (parseDollarAmount(value) ?? Number.NaN) : value;

const calculatorQuery = z.object({
  wager: z.preprocess(
    dollarsOrNaN,
    z
      .number({ error: WAGER_MESSAGE })
      .gt(0, { error: WAGER_MESSAGE })
      .max(1e12, { error: WAGER_MESSAGE }),
  ),
  edge: z.preprocess(
    emptyToDefault(DEFAULT_HOUSE_EDGE_PERCENT),
    z.coerce
      .number({ error: EDGE_MESSAGE })
      .gt(0, { error: EDGE_MESSAGE })
      .max(100, { error: EDGE_MESSAGE }),
  ),
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const params = new URL(request.url).searchParams;
  const values = {
    wager: params.get("wager") ?? "",
    edge: params.get("edge") ?? String(DEFAULT_HOUSE_EDGE_PERCENT),
  };
  if (!params.has("wager")) return data({ values, bonus: null, errors: null });
  const parsed = calculatorQuery.safeParse(values);
  if (!parsed.success) {
    return data(
      { values, bonus: null, errors: z.flattenError(parsed.error).fieldErrors },
      { status: 400 },
    );
  }
  return data({
    values,
    bonus: { amount: vipTransferBonus(parsed.data.wager, parsed.data.edge), ...parsed.data },
    errors: null,
  });
}

export default function VipTransfer() {
  const { values, bonus, errors } = useLoaderData<typeof loader>();
  return (
    <div className={PAGE}>
      <PageHeader title="VIP Transfer" intro={VIP_TRANSFER_INTRO} backToHome />

      <section aria-labelledby="tiers-heading" className="mb-10">
        <h2 id="tiers-heading" className={SECTION_HEADING}>
          Transfer tiers
        </h2>
        {/* Four short figures a row ($1.3M, not $1,300,000) in narrow cells, small type and headings
            in plain case on a phone: it reads whole at 360 px. */}
        <div className="mt-4 overflow-hidden rounded-xl border border-accent">
          <table className="w-full bg-card text-xs sm:text-sm [&_td]:px-1 [&_th]:px-1 sm:[&_td]:px-4 sm:[&_th]:px-4">
            <thead className="text-left text-xs text-muted sm:uppercase sm:tracking-wider">
              <tr>
                <th scope="col" className="py-3 text-right">
                  Wagered elsewhere
                </th>
                <th scope="col" className="py-3 text-right">
                  Requirement (30 days)
                </th>
                <th scope="col" className="py-3 text-right">
                  Cash bonus (approx.)
                </th>
                <th scope="col" className="py-3">
                  Starting level
                </th>
              </tr>
            </thead>
            <tbody>
              {TRANSFER_TIERS.map((tier) => (
                <tr key={tier.level} className="border-t border-accent">
                  <td className="py-3 text-right">{formatAbbreviatedUsd(tier.wageredElsewhere)}</td>
                  <td className="py-3 text-right">{formatAbbreviatedUsd(tier.requirement)}</td>
                  <td className="py-3 text-right font-bold text-primary">
                    {formatWholeUsd(tier.bonus)}
                  </td>
                  <td className="py-3 font-bold">{tier.level}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-3 text-sm text-muted">{VIP_TRANSFER_FORMULA}</p>
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="eligibility-heading" className={CARD}>
          <h2 id="eligibility-heading" className={SECTION_HEADING}>
            Eligibility
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-sm">
            {VIP_TRANSFER_ELIGIBILITY.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="calculator-heading" className={CARD}>
          <h2 id="calculator-heading" className={SECTION_HEADING}>
            Bonus calculator
          </h2>
          <Form method="get" preventScrollReset className="mt-4 grid gap-4" noValidate>
            <TextField
              id="wager"
              name="wager"
              label="Wager requirement (USD)"
              inputMode="decimal"
              defaultValue={values.wager}
              placeholder="10,000"
              errors={errors?.wager}
            />
            <TextField
              id="edge"
              name="edge"
              label="House edge (%)"
              inputMode="decimal"
              defaultValue={values.edge}
              errors={errors?.edge}
            />
            <button type="submit" className={`${PRIMARY_BUTTON} px-4 py-3`}>
              Calculate bonus
            </button>
          </Form>
          {bonus ? (
            <p className="mt-4 rounded-md border border-primary/50 bg-page p-4" role="status">
              Estimated cash bonus:{" "}
              <strong className="text-2xl text-primary" data-testid="bonus-result">
                {formatUsd(bonus.amount)}
              </strong>
              <span className="block text-xs text-muted">
                for {formatUsd(bonus.wager)} wagered at a {bonus.edge}% house edge
              </span>
            </p>
          ) : null}
        </section>
      </div>
    </div>
  );
}
