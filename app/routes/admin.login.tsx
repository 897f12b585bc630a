import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { TwoStepCodeForm } from "~/components/auth/TwoStepCodeForm";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";
import { FormAlert, TextField } from "~/components/ui/form";
import { ADMIN_WELCOME, adminLoginSchema } from "~/domain/admin-login";
import { SIGN_IN_EXPIRED, twoStepCodeSchema } from "~/domain/two-step";
import { showToast } from "~/lib/client-toast";
import { readForm } from "~/http/form-body.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/http/toast.server";
import { AuthFailure, clientOf, TwoStepRequired } from "~/services/auth/authentication.server";
import { findRequestUser, sessionCookieHeader } from "~/services/auth/sessions.server";
import {
  clearedPendingSignInCookie,
  completeTwoStepSignIn,
  pendingSignIn,
  pendingSignInCookie,
} from "~/services/auth/two-step-sign-in.server";
import { adminSignIn } from "./admin.login.server";

export const meta: MetaFunction = () => [
  { title: "Admin Login | GoatedVIPs" },
  { name: "description", content: "Sign in to the GoatedVIPs admin area." },
];

/** After signing in: the admin page that sent the visitor here, else the panel. */
function targetOf(request: Request): string {
  const target = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/admin");
  return /^\/admin(?:[/?#]|$)/.test(target) && !target.startsWith("/admin/login")
    ? target
    : "/admin";
}

/** The login's URL for a step: the password (the default) or the two-step code. */
function loginPath(target: string, step?: "code"): string {
  const query = new URLSearchParams(step ? { step, redirectTo: target } : { redirectTo: target });
  return `/admin/login?${query.toString()}`;
}

const isCodeStep = (request: Request) => new URL(request.url).searchParams.get("step") === "code";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await findRequestUser(request);
  if (user?.isAdmin) throw redirect(targetOf(request));
  // The code step shows only while a right password waits for its code (docs/product.md §A10).
  const waiting = isCodeStep(request) && (await pendingSignIn(request)) !== null;
  return { target: targetOf(request), step: waiting ? ("code" as const) : ("password" as const) };
}

interface FailedLogin {
  result: SubmissionResult<string[]>;
  failure?: { title: string; description: string };
}

function refusal(error: AuthFailure) {
  const headers: HeadersInit = error.retryAfterSeconds
    ? { "Retry-After": String(error.retryAfterSeconds) }
    : {};
  const answer: FailedLogin = {
    result: error.reply,
    failure: { title: "Error", description: error.message || "Login failed" },
  };
  return data(answer, { status: error.status, headers });
}

/** Signed in: the session cookie, the welcome toast, on to the target. */
async function welcome(target: string, token: string) {
  const headers = new Headers({ "Set-Cookie": await sessionCookieHeader(token) });
  headers.append("Set-Cookie", await clearedPendingSignInCookie());
  return redirectWithToast(target, { title: ADMIN_WELCOME, type: "success" }, { headers });
}

/** The second step: the code of the account whose password was right. */
async function codeStep(request: Request, form: FormData, context: { clientIp: string }) {
  const target = targetOf(request);
  const submission = parseWithZod(form, { schema: twoStepCodeSchema });
  if (submission.status !== "success") {
    const answer: FailedLogin = { result: submission.reply() };
    return data(answer, 400);
  }
  try {
    const signedIn = await completeTwoStepSignIn(
      request,
      clientOf(request, context),
      submission.value.code,
      { adminOnly: true },
    );
    if (signedIn) return await welcome(target, signedIn.token);
    return await redirectWithToast(
      loginPath(target),
      { title: "Error", description: SIGN_IN_EXPIRED, type: "destructive" },
      { headers: { "Set-Cookie": await clearedPendingSignInCookie() } },
    );
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
    return refusal(error);
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const target = targetOf(request);
  const form = await readForm(request);
  if (isCodeStep(request)) return codeStep(request, form, context);
  const submission = parseWithZod(form, { schema: adminLoginSchema });
  if (submission.status !== "success") {
    const answer: FailedLogin = { result: submission.reply({ hideFields: ["password"] }) };
    return data(answer, 400);
  }
  try {
    const { token } = await adminSignIn(submission.value, request, clientOf(request, context));
    return await welcome(target, token);
  } catch (error) {
    if (error instanceof TwoStepRequired) {
      return redirect(loginPath(target, "code"), {
        headers: { "Set-Cookie": await pendingSignInCookie(error.userId) },
      });
    }
    if (!(error instanceof AuthFailure)) throw error;
    return refusal(error);
  }
}

export default function AdminLogin() {
  const { target, step } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-xl border border-accent bg-card p-6 sm:p-8">
        <h1 className="font-display text-3xl font-bold uppercase text-primary">Admin Login</h1>
        {step === "code" ? (
          <TwoStepCodeForm
            action={loginPath(target, "code")}
            restart={loginPath(target)}
            answer={answer}
            failureTitle="Error"
          />
        ) : (
          <PasswordStep target={target} answer={answer} />
        )}
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="font-bold text-primary underline-offset-4 hover:underline">
            Return to Site
          </Link>
        </p>
      </div>
    </div>
  );
}

function PasswordStep({ target, answer }: { target: string; answer: FailedLogin | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "admin-login",
    lastResult: answer?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminLoginSchema }),
  });

  useEffect(() => {
    if (answer?.failure) showToast({ ...answer.failure, type: "destructive" });
  }, [answer]);

  return (
    <Form
      method="post"
      action={loginPath(target)}
      {...getFormProps(form)}
      noValidate
      className="mt-6 space-y-4"
    >
      <FormAlert title="Error" messages={form.errors} />
      <TextField
        label="Email or Username"
        autoComplete="username"
        errors={fields.identifier.errors}
        {...getInputProps(fields.identifier, { type: "text" })}
      />
      <TextField
        label="Password"
        autoComplete="current-password"
        errors={fields.password.errors}
        {...getInputProps(fields.password, { type: "password" })}
      />
      <button
        type="submit"
        disabled={busy}
        className={`${PRIMARY_BUTTON} w-full px-4 py-3 disabled:opacity-60`}
      >
        {busy ? "Signing In..." : "Sign In"}
      </button>
    </Form>
  );
}
