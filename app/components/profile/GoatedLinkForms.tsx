import { Form, Link } from "@remix-run/react";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/ui/buttons";
import { TextField } from "~/components/ui/form";
import { useSubmittingIntent } from "~/components/ui/hooks";
import { PROVIDER_REFERRAL_URL } from "~/content/links";
import { GOATED_USERNAME_MAX_LENGTH, GOATED_USERNAME_NOT_FOUND } from "~/domain/goated-link";

export const LINK_GOATED_INTENT = "link-goated";
export const UNLINK_GOATED_INTENT = "unlink-goated";

/** The profile address that opens each form (a plain page state: it works without JavaScript). */
export const LINK_FORM_PATH = "/profile?link=goated#goated-link";
export const UNLINK_FORM_PATH = "/profile?link=unlink#goated-link";

/** The player's Goated username; the server checks it against our referrals (decision 0031). */
export function GoatedLinkForm({ error }: { error: string | undefined }) {
  const busy = useSubmittingIntent(LINK_GOATED_INTENT);
  return (
    <section
      id="goated-link"
      aria-labelledby="goated-link-title"
      className="rounded-xl border border-primary/40 bg-card p-6"
    >
      <h2 id="goated-link-title" className="font-display text-xl font-bold uppercase">
        Connect your Goated account
      </h2>
      <p className="mt-1 text-muted">
        Enter your username on Goated. It must be a GOATEDVIPS referral; an admin checks the request
        before your account is linked.
      </p>
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value={LINK_GOATED_INTENT} />
        <TextField
          id="goated-username"
          name="username"
          label="Goated username"
          autoComplete="off"
          required
          maxLength={GOATED_USERNAME_MAX_LENGTH}
          errors={error ? [error] : undefined}
          hint={
            error === GOATED_USERNAME_NOT_FOUND ? (
              <>
                Not signed up through us yet?{" "}
                <a
                  href={PROVIDER_REFERRAL_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-bold text-primary underline"
                >
                  Join Goated with the GOATEDVIPS referral link
                </a>
              </>
            ) : undefined
          }
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={`${PRIMARY_BUTTON} px-4 py-2`} disabled={busy}>
            {busy ? "Sending..." : "Send link request"}
          </button>
          <Link to="/profile" className={`${SECONDARY_BUTTON} px-4 py-2`}>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

/** Asks before unlinking: the rank, totals and race position stop showing. */
export function GoatedUnlinkConfirm({
  goatedUsername,
  error,
}: {
  goatedUsername: string | null;
  error: string | undefined;
}) {
  const busy = useSubmittingIntent(UNLINK_GOATED_INTENT);
  return (
    <section
      id="goated-link"
      aria-labelledby="goated-unlink-title"
      className="rounded-xl border border-destructive/60 bg-card p-6"
    >
      <h2 id="goated-unlink-title" className="font-display text-xl font-bold uppercase">
        Unlink your Goated account?
      </h2>
      <p className="mt-1 text-muted">
        {goatedUsername ? `${goatedUsername} will no longer be linked. ` : null}Your rank, wager
        totals and race position stop showing until an admin approves a new link request.
      </p>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-400">
          {error}
        </p>
      ) : null}
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value={UNLINK_GOATED_INTENT} />
        <button type="submit" className={`${PRIMARY_BUTTON} px-4 py-2`} disabled={busy}>
          {busy ? "Unlinking..." : "Unlink"}
        </button>
        <Link to="/profile" className={`${SECONDARY_BUTTON} px-4 py-2`}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}
