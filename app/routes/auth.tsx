import { data, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { AuthForm } from "~/components/auth/AuthForm";
import type { AuthActionData } from "~/components/auth/AuthForm";
import { TwoStepCodeForm } from "~/components/auth/TwoStepCodeForm";
import type { TwoStepActionData } from "~/components/auth/TwoStepCodeForm";
import { authFailureTitle, authPath, parseAuthMode } from "~/domain/auth-mode";
import { SIGN_IN_EXPIRED, twoStepCodeSchema } from "~/domain/two-step";
import { readForm, requestWithForm } from "~/http/form-body.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/http/toast.server";
import {
  AuthFailure,
  authenticate,
  clientOf,
  TwoStepRequired,
} from "~/services/auth/authentication.server";
import { findRequestUser, sessionCookieHeader } from "~/services/auth/sessions.server";
import {
  clearedPendingSignInCookie,
  completeTwoStepSignIn,
  pendingSignIn,
  pendingSignInCookie,
} from "~/services/auth/two-step-sign-in.server";

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page?.mode === "register" ? "Create an account | GoatedVIPs" : "Sign in | GoatedVIPs" },
  {
    name: "description",
    content: "Sign in to GoatedVIPs or create an account for bonus codes and notifications.",
  },
];

function readTarget(request: Request) {
  const url = new URL(request.url);
  return {
    mode: parseAuthMode(url.searchParams.get("mode")),
    redirectTo: safeRedirect(url.searchParams.get("redirectTo")),
    codeStep: url.searchParams.get("step") === "code",
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { codeStep, ...target } = readTarget(request);
  // Already signed in: nothing to do here.
  if (await findRequestUser(request)) throw redirect(target.redirectTo);
  // The code step shows only while a right password waits for its code (docs/product.md §A10).
  const waiting = codeStep && (await pendingSignIn(request)) !== null;
  return { ...target, step: waiting ? ("code" as const) : ("password" as const) };
}

const WELCOME_BACK = "Welcome back! You can now access your bonus codes and notifications.";
const ACCOUNT_CREATED =
  "Account created successfully! You can now access bonus codes and receive notifications.";

/** Signed in: the session cookie and the toast, on to the target. */
async function signedIn(mode: "login" | "register", redirectTo: string, token: string) {
  const headers = new Headers({ "Set-Cookie": await sessionCookieHeader(token) });
  headers.append("Set-Cookie", await clearedPendingSignInCookie());
  return redirectWithToast(
    mode === "register" ? "/profile" : redirectTo,
    { title: mode === "login" ? WELCOME_BACK : ACCOUNT_CREATED, type: "success" },
    { headers },
  );
}

function refusal(error: AuthFailure) {
  const answer: AuthActionData = { result: error.reply };
  const headers: HeadersInit = error.retryAfterSeconds
    ? { "Retry-After": String(error.retryAfterSeconds) }
    : {};
  return data(answer, { status: error.status, headers });
}

/** The second step of a sign-in: the code of the account whose password was right. */
async function codeStep(request: Request, form: FormData, context: { clientIp: string }) {
  const { redirectTo } = readTarget(request);
  const submission = parseWithZod(form, { schema: twoStepCodeSchema });
  if (submission.status !== "success") {
    const answer: TwoStepActionData = { result: submission.reply() };
    return data(answer, 400);
  }
  try {
    const done = await completeTwoStepSignIn(
      request,
      clientOf(request, context),
      submission.value.code,
    );
    if (done) return await signedIn("login", redirectTo, done.token);
    return await redirectWithToast(
      authPath("login", redirectTo),
      { title: authFailureTitle("login"), description: SIGN_IN_EXPIRED, type: "destructive" },
      { headers: { "Set-Cookie": await clearedPendingSignInCookie() } },
    );
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
    return refusal(error);
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Both the target and the form are checked before anything is written.
  const { mode, redirectTo, codeStep: isCodeStep } = readTarget(request);
  const form = await readForm(request);
  if (mode === "login" && isCodeStep) return codeStep(request, form, context);
  try {
    const { token } = await authenticate(
      mode,
      requestWithForm(request, form),
      clientOf(request, context),
    );
    return await signedIn(mode, redirectTo, token);
  } catch (error) {
    if (error instanceof TwoStepRequired) {
      return redirect(authPath("login", redirectTo, "code"), {
        headers: { "Set-Cookie": await pendingSignInCookie(error.userId) },
      });
    }
    if (!(error instanceof AuthFailure)) throw error;
    return refusal(error);
  }
}

export default function AuthPage() {
  const { mode, redirectTo, step } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const registering = mode === "register";
  if (step === "code") {
    return (
      <div className="mx-auto max-w-md px-4 py-12">
        <div className="rounded-xl border border-accent bg-card p-6 sm:p-8">
          <h1 className="font-display text-3xl font-bold uppercase text-primary">Sign In</h1>
          <TwoStepCodeForm
            action={authPath("login", redirectTo, "code")}
            restart={authPath("login", redirectTo)}
            answer={actionData}
            failureTitle={authFailureTitle("login")}
          />
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-xl border border-accent bg-card p-6 sm:p-8">
        <h1 className="font-display text-3xl font-bold uppercase text-primary">
          {registering ? "Create Account" : "Sign In"}
        </h1>
        <p className="mb-6 mt-2 text-sm text-muted">
          {registering
            ? "Join the Goats: bonus codes, notifications and your rank progress."
            : "Welcome back: sign in with your username or e-mail."}
        </p>
        <AuthForm key={mode} mode={mode} redirectTo={redirectTo} pageResult={actionData} />
        <p className="mt-6 text-center text-sm text-muted">
          {registering ? "Already have an account? " : "No account yet? "}
          <Link
            to={authPath(registering ? "login" : "register", redirectTo)}
            className="font-bold text-primary underline-offset-4 hover:underline"
          >
            {registering ? "Sign in" : "Create one"}
          </Link>
        </p>
      </div>
    </div>
  );
}
