import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/ui/buttons";
import { ChoiceField, FieldErrors, InputField, TextAreaField } from "~/components/ui/form";
import { useSubmittingIntent } from "~/components/ui/hooks";
import { formatCents, toCents } from "~/domain/money";
import {
  DEFAULT_ADMIN_SPLIT,
  formDistribution,
  prizeTable,
  TOP_THREE_OVER_100,
  topThreeOf,
} from "~/domain/race-prizes";
import type { PrizeDistribution, TopThree } from "~/domain/race-prizes";
import { toUtcDateTimeLocal } from "~/domain/race-time";
import type { RaceView } from "~/domain/race";
import { raceFormSchema } from "~/domain/race-form";

/** What the race form posts as its `intent`: save it, or show its prizes without saving. */
export const SAVE_RACE_INTENT = "save";
export const PREVIEW_RACE_INTENT = "preview";

export interface RaceFormDefaults {
  title: string;
  type: string;
  status: string;
  prizePool: string;
  minWager: string;
  startDate: string;
  endDate: string;
  first: string;
  second: string;
  third: string;
  rules: string;
  description: string;
}

/** The form's values for a race being edited, else the defaults (docs/product.md §A9). */
export function raceFormDefaults(race: RaceView | null, today: string): RaceFormDefaults {
  const [first, second, third] = topThreeOf(race?.distribution ?? DEFAULT_ADMIN_SPLIT);
  return {
    title: race?.title ?? "",
    type: race?.type ?? "weekly",
    status: race?.status ?? "upcoming",
    prizePool: race ? String(race.prizePoolCents / 100) : "200",
    minWager: race ? String(race.minWager) : "100",
    startDate: race ? toUtcDateTimeLocal(race.startDate) : `${today}T00:00`,
    endDate: race ? toUtcDateTimeLocal(race.endDate) : "",
    first: String(first),
    second: String(second),
    third: String(third),
    rules: race?.rules ?? "",
    description: race?.description ?? "",
  };
}

const TYPE_OPTIONS = [
  ["weekly", "Weekly"],
  ["monthly", "Monthly"],
  ["weekend", "Weekend"],
] as const;
const STATUS_OPTIONS = [
  ["upcoming", "Upcoming"],
  ["live", "Live"],
  ["completed", "Completed"],
] as const;

/** The pool the prize field holds, in cents; null while it holds no amount. */
function poolCentsOf(value: string): number | null {
  const dollars = Number(value);
  return value.trim() !== "" && Number.isFinite(dollars) && dollars > 0 ? toCents(dollars) : null;
}

/**
 * What each position would be paid, in percent of the pool and in dollars, and what the sliders
 * leave for positions 4 to 10. Rendered by the server (after a save or a preview without
 * JavaScript), following the sliders and the pool as they move with it.
 */
function PrizePreview({
  sliders,
  kept,
  poolCents,
}: {
  sliders: TopThree;
  kept: PrizeDistribution | null;
  poolCents: number | null;
}) {
  const distribution = formDistribution(sliders, kept);
  const left = 100 - sliders[0] - sliders[1] - sliders[2];
  return (
    <div className="mt-3" data-testid="prize-preview" aria-live="polite">
      {kept !== null && distribution === kept ? (
        <p className="text-sm text-muted">
          This race keeps its own split, scaled to the pool, until a slider moves.
        </p>
      ) : (
        <p className={`text-sm font-bold ${left < 0 ? "text-destructive" : ""}`}>
          {left < 0
            ? `${TOP_THREE_OVER_100}: ${-left}% too much.`
            : `Left for positions 4 to 10: ${left}%`}
        </p>
      )}
      {distribution ? (
        <ol
          aria-label="Prizes of positions 1 to 10"
          className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5"
        >
          {prizeTable(poolCents ?? 0, distribution).map((row) => (
            <li key={row.position}>
              <span className="text-muted">#{row.position}</span>{" "}
              <span className="tabular-nums">{row.share}%</span>{" "}
              <span className="tabular-nums font-bold">
                {poolCents === null ? "–" : formatCents(row.cents)}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/**
 * The race create/edit form (docs/product.md §A2, §A5, §A9): a native POST form. The server
 * validates and answers errors in place (conform keeps the values the admin typed); with
 * JavaScript the same schema checks each field as it is left, before anything is sent. Below the
 * sliders, each position's prize in dollars (PrizePreview); Preview Prizes asks the server for them
 * without saving, for a browser without JavaScript.
 */
export function RaceForm({
  raceId,
  defaults,
  distribution,
  lastResult,
  cancelTo,
}: {
  raceId: number | null;
  defaults: RaceFormDefaults;
  /** The edited race's distribution, kept while the sliders still show it. */
  distribution: PrizeDistribution | null;
  lastResult: SubmissionResult<string[]> | undefined;
  cancelTo: string;
}) {
  const [form, fields] = useForm({
    id: raceId ? `race-${raceId}` : "race-new",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: raceFormSchema }),
  });
  const busy = useSubmittingIntent(SAVE_RACE_INTENT);
  const shares = [fields.first, fields.second, fields.third] as const;
  const sliderValue = (index: 0 | 1 | 2) => Number(shares[index].initialValue ?? 0);
  const [shown, setShown] = useState<TopThree>(() => [
    sliderValue(0),
    sliderValue(1),
    sliderValue(2),
  ]);
  const [pool, setPool] = useState(() => String(fields.prizePool.initialValue ?? ""));

  return (
    <Form
      method="post"
      // The mode stays in the URL, so a failed submission shows this form again.
      action={raceId ? `/admin/wager-races?edit=${raceId}` : "/admin/wager-races?form=new"}
      {...getFormProps(form)}
      className="mt-4 grid gap-4 rounded-xl border border-accent bg-card p-5 sm:grid-cols-2"
    >
      {raceId ? <input type="hidden" name="id" value={raceId} /> : null}
      {form.errors?.length ? (
        <p className="text-sm text-destructive sm:col-span-2">{form.errors.join(" ")}</p>
      ) : null}

      <InputField field={fields.title} type="text" label="Title" className="sm:col-span-2" />

      <ChoiceField field={fields.type} label="Type" options={TYPE_OPTIONS} />
      <ChoiceField field={fields.status} label="Status" options={STATUS_OPTIONS} />

      <InputField
        field={fields.prizePool}
        type="number"
        step="0.01"
        label="Prize pool ($)"
        onChange={(event) => setPool(event.currentTarget.value)}
      />
      <InputField field={fields.minWager} type="number" step="0.01" label="Minimum wager ($)" />

      <InputField field={fields.startDate} type="datetime-local" label="Start date (UTC)" />
      <InputField field={fields.endDate} type="datetime-local" label="End date (UTC)" />

      <fieldset className="sm:col-span-2">
        <legend className="block text-sm font-bold">Prize distribution</legend>
        <div className="mt-2 grid gap-4 sm:grid-cols-3">
          {shares.map((field, index) => (
            <div key={field.name}>
              <label htmlFor={field.id} className="block text-sm">
                Position {index + 1}: <output htmlFor={field.id}>{shown[index]}</output>%
              </label>
              <input
                {...getInputProps(field, { type: "range" })}
                min={0}
                max={100}
                step={1}
                onChange={(event) => {
                  const value = Number(event.currentTarget.value);
                  setShown((current) => {
                    const next: [number, number, number] = [...current];
                    next[index] = value;
                    return next;
                  });
                }}
                className="mt-1 w-full accent-primary"
              />
              <FieldErrors id={field.errorId} errors={field.errors} />
            </div>
          ))}
        </div>
        <p className="mt-2 text-sm text-muted">
          The shares add up to 100%: what positions 1 to 3 leave is shared among positions 4 to 10.
        </p>
        <PrizePreview sliders={shown} kept={distribution} poolCents={poolCentsOf(pool)} />
      </fieldset>

      <TextAreaField
        label="Description (optional)"
        rows={2}
        className="sm:col-span-2"
        errors={fields.description.errors}
        {...getTextareaProps(fields.description)}
      />
      <TextAreaField
        label="Rules (optional)"
        rows={3}
        className="sm:col-span-2"
        errors={fields.rules.errors}
        {...getTextareaProps(fields.rules)}
      />

      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <button
          type="submit"
          name="intent"
          value={SAVE_RACE_INTENT}
          disabled={busy}
          className={`${PRIMARY_BUTTON} px-5 py-2`}
        >
          {raceId ? "Save Race" : "Create Race"}
        </button>
        {/* After Save, which stays the button Enter presses. */}
        <button
          type="submit"
          name="intent"
          value={PREVIEW_RACE_INTENT}
          className={`${SECONDARY_BUTTON} px-5 py-2`}
        >
          Preview Prizes
        </button>
        <Link to={cancelTo} className={`${SECONDARY_BUTTON} px-5 py-2`}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
