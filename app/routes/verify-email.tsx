import { data } from "@remix-run/node";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { confirmEmail } from "~/services/email/verification.server";

/**
 * The link in the confirmation e-mail (docs/product.md §P10). Opening it confirms the address:
 * it is signed for one user and address, and confirming twice changes nothing
 * (docs/decisions/0025 says why a GET may do this).
 */

export const meta: MetaFunction = () => [
  { title: "Confirm your e-mail | GoatedVIPs" },
  { name: "robots", content: "noindex" },
];

const OUTCOMES = {
  confirmed: "Your e-mail is confirmed. You will now receive the e-mails you chose.",
  invalid:
    "This confirmation link is not valid. Send a new one from the Notification Preferences page.",
  expired:
    "This confirmation link has expired. Send a new one from the Notification Preferences page.",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const outcome = await confirmEmail(new URL(request.url).searchParams.get("token") ?? "");
  return data({ message: OUTCOMES[outcome] }, { status: outcome === "confirmed" ? 200 : 400 });
}

export default function VerifyEmailPage() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="font-display text-3xl font-bold uppercase text-primary">
        Confirm your e-mail
      </h1>
      <p className="mt-6 rounded-xl border border-accent bg-card p-6" role="status">
        {message}
      </p>
      <p className="mt-6 text-sm text-muted">
        <Link to="/notification-preferences" className="underline hover:text-primary">
          Notification Preferences
        </Link>
      </p>
    </div>
  );
}
