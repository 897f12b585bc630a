import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";
import { TextField } from "~/components/ui/form";
import { passwordChangeSchema } from "~/domain/account-forms";

export const CHANGE_PASSWORD_INTENT = "change-password";

/**
 * The Sessions tab's password change: a plain form, so it works without JavaScript; a refusal
 * comes back with the reason on its field (the passwords never come back).
 */
export function PasswordChangeForm({
  lastResult,
}: {
  lastResult?: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === CHANGE_PASSWORD_INTENT;
  const [form, fields] = useForm({
    id: "password-change",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema }),
  });
  return (
    <section aria-labelledby="password-heading" className="space-y-4">
      <h2 id="password-heading" className="font-display text-2xl font-extrabold uppercase">
        Change Password
      </h2>
      <p className="text-sm text-muted">
        Changing your password signs you out everywhere else; this browser stays signed in.
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className="max-w-md space-y-4">
        <input type="hidden" name="intent" value={CHANGE_PASSWORD_INTENT} />
        <TextField
          label="Current password"
          autoComplete="current-password"
          errors={fields.currentPassword.errors}
          {...getInputProps(fields.currentPassword, { type: "password" })}
        />
        <TextField
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters; a phrase of unrelated words is easy to remember."
          errors={fields.newPassword.errors}
          {...getInputProps(fields.newPassword, { type: "password" })}
        />
        <TextField
          label="Confirm new password"
          autoComplete="new-password"
          errors={fields.confirmNewPassword.errors}
          {...getInputProps(fields.confirmNewPassword, { type: "password" })}
        />
        <button
          type="submit"
          disabled={saving}
          className={`${PRIMARY_BUTTON} px-5 py-2.5 disabled:opacity-60`}
        >
          {saving ? "Changing..." : "Change Password"}
        </button>
      </Form>
    </section>
  );
}
