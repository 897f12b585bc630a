import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { FormAlert, SubmitButton, TextField } from "~/components/ui/form";

/** What a sign-in page's action answers a refused code with: shown in the form's alert only. */
export interface TwoStepActionData {
  result: SubmissionResult<string[]>;
}

/**
 * The second step of a sign-in (docs/product.md §A10): the code from the authenticator app or a
 * recovery code, posted as a plain form to `action`. `restart` goes back to the password step.
 */
export function TwoStepCodeForm({
  action,
  restart,
  answer,
  failureTitle,
}: {
  action: string;
  restart: string;
  answer: TwoStepActionData | undefined;
  failureTitle: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm<{ code: string }>({
    id: "two-step-code",
    lastResult: answer?.result,
  });

  return (
    <>
      <p className="mt-2 text-sm text-muted">
        Two-step sign-in is on for this account. Enter the 6-digit code from your authenticator app,
        or one of your recovery codes.
      </p>
      <Form
        method="post"
        action={action}
        {...getFormProps(form)}
        noValidate
        className="mt-6 space-y-4"
      >
        <FormAlert title={failureTitle} messages={form.errors} />
        <TextField
          label="Authentication code"
          autoComplete="one-time-code"
          autoFocus
          errors={fields.code.errors}
          {...getInputProps(fields.code, { type: "text" })}
        />
        <SubmitButton busy={busy} busyLabel="Verifying..." className="w-full px-4 py-3">
          Verify
        </SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to={restart} className="font-bold text-primary underline-offset-4 hover:underline">
          Start over
        </Link>
      </p>
    </>
  );
}
