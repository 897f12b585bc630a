import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CallToAction } from "~/components/ui/CallToAction";
import {
  CHECK_ON_BLUR,
  FieldErrors,
  InputField,
  SubmitButton,
  TextAreaField,
  useValidationWhenShown,
} from "~/components/ui/form";
import { useSubmittingIntent } from "~/components/ui/hooks";
import { PROFILE_COLORS } from "~/domain/profile-colors";
import type { Account } from "~/domain/account";
import { PROFILE_COLOR_CLASSES } from "./ProfileEmblem";

export const UPDATE_PROFILE_INTENT = "update-profile";

/** Edit mode of /profile: a plain form; a refusal comes back with the reason on its field. */
export function ProfileEditForm({
  account,
  lastResult,
}: {
  account: Account;
  lastResult?: SubmissionResult<string[]> | undefined;
}) {
  const saving = useSubmittingIntent(UPDATE_PROFILE_INTENT);
  const onValidate = useValidationWhenShown(() =>
    import("~/lib/account-form-validation").then((forms) => forms.validateProfile),
  );
  const [form, fields] = useForm({
    id: "profile-edit",
    lastResult,
    ...CHECK_ON_BLUR,
    defaultValue: {
      username: account.username,
      telegramUsername: account.telegramUsername ?? "",
      bio: account.bio ?? "",
      profileColor: account.profileColor,
    },
    onValidate,
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
      <input type="hidden" name="intent" value={UPDATE_PROFILE_INTENT} />
      <InputField label="Username" autoComplete="username" field={fields.username} type="text" />
      <InputField
        label="Telegram username"
        placeholder="@username"
        field={fields.telegramUsername}
        type="text"
      />
      <TextAreaField
        label="About me"
        placeholder="Tell us about yourself..."
        rows={4}
        maxLength={500}
        errors={fields.bio.errors}
        {...getTextareaProps(fields.bio)}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-bold">Emblem colour</legend>
        <div className="flex flex-wrap gap-2">
          {PROFILE_COLORS.map((color) => (
            <label key={color} className="relative cursor-pointer">
              <input
                type="radio"
                name={fields.profileColor.name}
                value={color}
                defaultChecked={fields.profileColor.initialValue === color}
                className="peer sr-only"
              />
              <span className="sr-only">{color}</span>
              <span
                aria-hidden="true"
                className={`block h-9 w-9 rounded-full border-2 border-transparent ring-offset-2 ring-offset-card peer-checked:border-white peer-checked:ring-2 peer-checked:ring-white peer-focus-visible:ring-2 peer-focus-visible:ring-primary ${PROFILE_COLOR_CLASSES[color]}`}
              />
            </label>
          ))}
        </div>
        <FieldErrors id="profile-color-errors" errors={fields.profileColor.errors} />
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={saving} busyLabel="Saving...">
          Save
        </SubmitButton>
        <CallToAction to="/profile" secondary className="px-5 py-2.5">
          Cancel
        </CallToAction>
      </div>
    </Form>
  );
}
