import { getFormProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import {
  CHECK_ON_BLUR,
  InputField,
  SubmitButton,
  useValidationWhenShown,
} from "~/components/ui/form";
import { useSubmittingIntent } from "~/components/ui/hooks";

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
  const saving = useSubmittingIntent(CHANGE_PASSWORD_INTENT);
  const onValidate = useValidationWhenShown(() =>
    import("~/lib/account-form-validation").then((forms) => forms.validatePasswordChange),
  );
  const [form, fields] = useForm({
    id: "password-change",
    lastResult,
    ...CHECK_ON_BLUR,
    onValidate,
  });
  return (
    <section aria-labelledby="password-heading" className="space-y-4">
      <h2 id="password-heading" className="font-display text-2xl font-bold uppercase">
        Change Password
      </h2>
      <p className="text-sm text-muted">
        Changing your password signs you out everywhere else; this browser stays signed in.
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className="max-w-md space-y-4">
        <input type="hidden" name="intent" value={CHANGE_PASSWORD_INTENT} />
        <InputField
          label="Current password"
          autoComplete="current-password"
          field={fields.currentPassword}
          type="password"
        />
        <InputField
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters; a phrase of unrelated words is easy to remember."
          field={fields.newPassword}
          type="password"
        />
        <InputField
          label="Confirm new password"
          autoComplete="new-password"
          field={fields.confirmNewPassword}
          type="password"
        />
        <SubmitButton busy={saving} busyLabel="Changing...">
          Change Password
        </SubmitButton>
      </Form>
    </section>
  );
}
