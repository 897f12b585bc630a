import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/ui/buttons";
import { FieldErrors, TextAreaField, TextField } from "~/components/ui/form";
import { PROFILE_COLORS, profileSchema } from "~/domain/account-forms";
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
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === UPDATE_PROFILE_INTENT;
  const [form, fields] = useForm({
    id: "profile-edit",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      username: account.username,
      telegramUsername: account.telegramUsername ?? "",
      bio: account.bio ?? "",
      profileColor: account.profileColor,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
      <input type="hidden" name="intent" value={UPDATE_PROFILE_INTENT} />
      <TextField
        label="Username"
        autoComplete="username"
        errors={fields.username.errors}
        {...getInputProps(fields.username, { type: "text" })}
      />
      <TextField
        label="Telegram username"
        placeholder="@username"
        errors={fields.telegramUsername.errors}
        {...getInputProps(fields.telegramUsername, { type: "text" })}
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
        <legend className="mb-2 text-sm font-semibold">Emblem colour</legend>
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
        <button
          type="submit"
          disabled={saving}
          className={`${PRIMARY_BUTTON} px-5 py-2.5 disabled:opacity-60`}
        >
          {saving ? "Saving..." : "Save"}
        </button>
        <Link to="/profile" className={`${SECONDARY_BUTTON} px-5 py-2.5`}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
