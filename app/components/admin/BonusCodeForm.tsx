import { getFormProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import type { FetcherWithComponents } from "@remix-run/react";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";
import { FormAlert, InputField, SubmitButton } from "~/components/ui/form";
import { useSubmittingIntent } from "~/components/ui/hooks";
import {
  CODE_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  VALUE_MAX_LENGTH,
  bonusCodeSchema,
  expiryFieldValue,
} from "~/domain/bonus-code-form";
import type { BonusCodeView } from "~/domain/bonus-codes";
import { BONUS_CODE_TOASTS } from "~/domain/bonus-codes";

/** What the code form and a card's delete form post as their `intent`. */
export const SAVE_CODE_INTENT = "save";
export const DELETE_CODE_INTENT = "delete";

export const BONUS_CODES_PAGE = "/admin/bonus-codes";

/**
 * The add and edit form of /admin/bonus-codes (docs/product.md §A2, §A5): a native POST form that
 * the server validates (conform keeps what the admin typed and shows the messages in place); with
 * JavaScript the same schema checks each field as it is left. In the page it posts as a
 * navigation; in the dialog through `fetcher`, so a refusal keeps the dialog open.
 */
export function BonusCodeForm({
  code,
  lastResult,
  failure,
  fetcher,
  onCancel,
}: {
  /** The code being edited; null for a new one. */
  code: BonusCodeView | null;
  lastResult: SubmissionResult<string[]> | undefined;
  /** Why the last save was refused, shown above the fields. */
  failure: string | undefined;
  fetcher?: FetcherWithComponents<unknown>;
  /** Closes the dialog; without it Cancel is a link back to the list. */
  onCancel?: () => void;
}) {
  const [form, fields] = useForm({
    id: code ? `bonus-code-${code.id}` : "bonus-code-new",
    lastResult,
    defaultValue: code
      ? {
          code: code.code,
          description: code.description,
          value: code.value,
          expiresAt: expiryFieldValue(code.expiresAt),
        }
      : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bonusCodeSchema }),
  });
  const navigating = useSubmittingIntent(SAVE_CODE_INTENT);
  const busy = fetcher ? fetcher.state !== "idle" : navigating;
  const FormTag = fetcher ? fetcher.Form : Form;
  // The mode stays in the URL, so a refused submission without JavaScript shows this form again.
  const action = code ? `${BONUS_CODES_PAGE}?edit=${code.id}` : `${BONUS_CODES_PAGE}?form=new`;

  return (
    <FormTag method="post" action={action} {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value={SAVE_CODE_INTENT} />
      {code ? <input type="hidden" name="id" value={code.id} /> : null}
      <FormAlert title={BONUS_CODE_TOASTS.saveFailed} messages={failure ? [failure] : undefined} />
      <InputField
        field={fields.code}
        type="text"
        label="Code"
        hint="Letters, digits, - and _; saved in capitals."
        maxLength={CODE_MAX_LENGTH}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
      />
      <InputField
        field={fields.value}
        type="text"
        label="Value"
        hint="Free text, such as $25 Bonus."
        maxLength={VALUE_MAX_LENGTH}
      />
      <InputField
        field={fields.description}
        type="text"
        label="Description"
        maxLength={DESCRIPTION_MAX_LENGTH}
      />
      <InputField field={fields.expiresAt} type="datetime-local" label="Expires at (UTC)" />
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={busy} busyLabel="Saving...">
          {code ? "Save Code" : "Add Code"}
        </SubmitButton>
        {onCancel ? (
          <button type="button" onClick={onCancel} className={`${SECONDARY_BUTTON} px-5 py-2.5`}>
            Cancel
          </button>
        ) : (
          <Link to={BONUS_CODES_PAGE} className={`${SECONDARY_BUTTON} px-5 py-2.5`}>
            Cancel
          </Link>
        )}
      </div>
    </FormTag>
  );
}
