import { data, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthForm } from "~/components/auth/AuthForm";
import type { AuthActionData } from "~/components/auth/AuthForm";
import { authFailureTitle, authPath, parseAuthMode } from "~/domain/auth-mode";
import { readForm, requestWithForm } from "~/lib/form-body.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { AuthFailure, authenticate, clientOf } from "~/services/authentication.server";
import { findRequestUser, sessionCookieHeader } from "~/services/sessions.server";

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
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const target = readTarget(request);
  // Already signed in: nothing to do here.
  if (await findRequestUser(request)) throw redirect(target.redirectTo);
  return target;
}

const WELCOME_BACK = "Welcome back! You can now access your bonus codes and notifications.";
const ACCOUNT_CREATED =
  "Account created successfully! You can now access bonus codes and receive notifications.";

export async function action({ request, context }: ActionFunctionArgs) {
  // Both the target and the form are checked before anything is written.
  const { mode, redirectTo } = readTarget(request);
  const form = await readForm(request);
  try {
    const { token } = await authenticate(
      mode,
      requestWithForm(request, form),
      clientOf(request, context),
    );
    return redirectWithToast(
      mode === "register" ? "/profile" : redirectTo,
      { title: mode === "login" ? WELCOME_BACK : ACCOUNT_CREATED, type: "success" },
      { headers: { "Set-Cookie": await sessionCookieHeader(token) } },
    );
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
    const answer: AuthActionData = {
      result: error.reply,
      failure: { title: authFailureTitle(mode), description: error.message },
    };
    const headers: HeadersInit = error.retryAfterSeconds
      ? { "Retry-After": String(error.retryAfterSeconds) }
      : {};
    return data(answer, { status: error.status, headers });
  }
}

export default function AuthPage() {
  const { mode, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const registering = mode === "register";
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-xl border border-accent bg-card p-6 sm:p-8">
        <h1 className="font-display text-3xl font-extrabold uppercase text-primary">
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
            className="font-semibold text-primary underline-offset-4 hover:underline"
          >
            {registering ? "Sign in" : "Create one"}
          </Link>
        </p>
      </div>
    </div>
  );
}
