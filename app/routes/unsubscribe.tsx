import { data } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SubmitButton } from "~/components/ui/form";
import { PREFERENCE_EMAIL_NAMES } from "~/domain/email";
import { readForm } from "~/http/form-body.server";
import { readUnsubscribeLink, unsubscribe } from "~/services/email/unsubscribe.server";

/**
 * One-click unsubscribe from an e-mail, signed out (docs/product.md §P10). GET only shows what the
 * link does (a mail scanner fetching it changes nothing); POST turns the preference off, from the
 * button here or straight from a mail client (RFC 8058: a `List-Unsubscribe=One-Click` form; the
 * token is in the URL).
 */

export const meta: MetaFunction = () => [
  { title: "Unsubscribe | GoatedVIPs" },
  { name: "robots", content: "noindex" },
];

const LINK_PROBLEMS = {
  invalid:
    "This unsubscribe link is not valid. Change your e-mails on the Notification Preferences page.",
  expired:
    "This unsubscribe link has expired. Change your e-mails on the Notification Preferences page.",
};

function linkOf(request: Request) {
  return readUnsubscribeLink(new URL(request.url).searchParams.get("token") ?? "");
}

export async function loader({ request }: LoaderFunctionArgs) {
  const link = await linkOf(request);
  if (!link.ok) return data({ problem: LINK_PROBLEMS[link.reason], name: null }, { status: 400 });
  return { problem: null, name: PREFERENCE_EMAIL_NAMES[link.preference] };
}

export async function action({ request }: ActionFunctionArgs) {
  // The body is a form like every page's (RFC 8058's is `List-Unsubscribe=One-Click`); read and
  // size-checked like theirs, though only the URL's token matters.
  await readForm(request);
  const link = await linkOf(request);
  if (!link.ok) return data({ problem: LINK_PROBLEMS[link.reason], done: null }, { status: 400 });
  await unsubscribe(link);
  return { problem: null, done: PREFERENCE_EMAIL_NAMES[link.preference] };
}

export default function UnsubscribePage() {
  const { problem, name } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const shownProblem = actionData?.problem ?? problem;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="font-display text-3xl font-bold uppercase text-primary">Unsubscribe</h1>
      <div className="mt-6 rounded-xl border border-accent bg-card p-6" role="status">
        {shownProblem ? (
          <p>{shownProblem}</p>
        ) : actionData?.done ? (
          <p>You are unsubscribed from {actionData.done}. You will get no more of these e-mails.</p>
        ) : (
          <Form method="post" className="space-y-4">
            <p>Stop e-mails about {name}?</p>
            <SubmitButton busy={busy} busyLabel="Unsubscribing...">
              Unsubscribe
            </SubmitButton>
          </Form>
        )}
      </div>
      <p className="mt-6 text-sm text-muted">
        <Link to="/notification-preferences" className="underline hover:text-primary">
          Notification Preferences
        </Link>
      </p>
    </div>
  );
}
