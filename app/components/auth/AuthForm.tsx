import { getFormProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { FormAlert, InputField, SubmitButton } from "~/components/ui/form";
import { loginSchema, registerSchema } from "~/domain/account-forms";
import type { LoginForm, RegisterForm } from "~/domain/account-forms";
import type { AuthMode } from "~/domain/auth-mode";
import { authFailureTitle, authPath } from "~/domain/auth-mode";

/** What the /auth action answers a refused form with: its message shows in the form's alert only (no toast repeating it, issue 35). */
export interface AuthActionData {
  result: SubmissionResult<string[]>;
}

/**
 * The login or register form, on the /auth page and in the header's dialog alike. It posts to
 * /auth as a plain form (no JavaScript) or through a fetcher (JavaScript), so a refusal shows in
 * place; a success redirects. Give it a `key` per mode: switching mode resets it.
 */
export function AuthForm({
  mode,
  redirectTo,
  pageResult,
}: {
  mode: AuthMode;
  redirectTo: string;
  /** The action's answer when the form was posted without JavaScript. */
  pageResult?: AuthActionData | undefined;
}) {
  const fetcher = useFetcher<AuthActionData>();
  const answer = fetcher.data ?? pageResult;
  // One field set for both modes: login's fields are a subset of registration's.
  const [form, fields] = useForm<LoginForm & Partial<RegisterForm>>({
    id: `auth-${mode}`,
    lastResult: answer?.result,
    shouldValidate: "onInput",
    onValidate: ({ formData }) =>
      mode === "login"
        ? parseWithZod(formData, { schema: loginSchema })
        : parseWithZod(formData, { schema: registerSchema }),
  });
  const busy = fetcher.state !== "idle";

  const registering = mode === "register";
  return (
    <fetcher.Form
      method="post"
      action={authPath(mode, redirectTo)}
      {...getFormProps(form)}
      // Our messages, not the browser's, with or without JavaScript.
      noValidate
      className="space-y-4"
    >
      <FormAlert title={authFailureTitle(mode)} messages={form.errors} />
      <InputField
        label={registering ? "Username" : "Username or e-mail"}
        autoComplete="username"
        field={fields.username}
        type="text"
      />
      {registering ? (
        <InputField label="E-mail" autoComplete="email" field={fields.email} type="email" />
      ) : null}
      <InputField
        label="Password"
        autoComplete={registering ? "new-password" : "current-password"}
        field={fields.password}
        type="password"
      />
      {registering ? (
        <InputField
          label="Confirm password"
          autoComplete="new-password"
          field={fields.confirmPassword}
          type="password"
        />
      ) : null}
      <SubmitButton
        busy={busy}
        busyLabel={registering ? "Creating Account..." : "Signing In..."}
        className="w-full px-4 py-3"
      >
        {registering ? "Create Account" : "Sign In"}
      </SubmitButton>
    </fetcher.Form>
  );
}
