import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CopyCodeButton } from "~/components/content/CopyCodeButton";
import { CARD, PAGE, PageHeader } from "~/components/content/PageHeader";
import { PageHero } from "~/components/content/PageHero";
import { useHydrated } from "~/components/ui/hooks";
import { BONUS_CODES_SIGN_IN_TOAST } from "~/content/home";
import { formatCalendarDate } from "~/domain/time";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/services/auth/auth.server";
import { listBonusCodes, markBonusCodesSeen } from "~/services/promotions/bonus-codes.server";
import { heroVideoUrl } from "~/services/promotions/hero-videos.server";

export const meta: MetaFunction = () =>
  pageMeta(
    "Bonus Codes",
    "Members-only Goated bonus codes from GoatedVIPs, with their value and expiry.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  // A visitor (e.g. the home carousel's BONUS CODES without JavaScript) is told why.
  const user = await requireUser(request, BONUS_CODES_SIGN_IN_TOAST);
  const now = new Date();
  const codes = await listBonusCodes(now);
  // The member has now seen every code listed: the mobile bell's dot goes (docs/product.md §P2).
  await markBonusCodesSeen(user.userId, now);
  return { codes, video: await heroVideoUrl("bonus-codes") };
}

export default function BonusCodes() {
  const { codes, video } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  return (
    <div className={PAGE}>
      <PageHero banner="bonus-codes" videoUrl={video} className="mb-6" />
      <PageHeader
        title="Bonus Codes"
        intro="Codes for GoatedVIPs members. Enter a code on Goated before it expires."
        backToHome
      >
        <p className="mt-3 text-sm">
          Never miss a code:{" "}
          <Link to="/notification-preferences" className="font-bold text-primary underline">
            enable e-mail notifications
          </Link>{" "}
          and we tell you when a new one drops.
        </p>
      </PageHeader>
      {codes.length === 0 ? (
        <p className={`${CARD} text-center text-muted`}>No bonus codes right now.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {codes.map((code) => (
            <li
              key={code.id}
              // Expired codes come after the usable ones, dimmed (docs/product.md §P2): muted
              // colours rather than opacity, which would drop the text below AA contrast.
              className={`${CARD} ${code.expired ? "border-dashed bg-page" : ""}`}
              data-testid="bonus-code"
              data-expired={code.expired}
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p
                    className={`select-all font-mono text-2xl font-bold tracking-wider [overflow-wrap:anywhere] ${code.expired ? "text-muted line-through" : "text-primary"}`}
                  >
                    {code.code}
                  </p>
                  <p className={`mt-1 text-base font-bold ${code.expired ? "text-muted" : ""}`}>
                    {code.value}
                  </p>
                </div>
                {code.expired ? (
                  <span className="rounded-full border border-accent px-2 py-1 text-xs font-bold uppercase text-muted">
                    Expired
                  </span>
                ) : (
                  <span className="rounded-full border border-success px-2 py-1 text-xs font-bold uppercase text-success">
                    Active
                  </span>
                )}
              </div>
              <p className="mt-2 text-sm text-muted">{code.description}</p>
              <div className="mt-4 flex items-center justify-between gap-3">
                <p className="text-sm">
                  {code.expired ? "Expired" : "Expires"}{" "}
                  <time dateTime={code.expiresAt}>{formatCalendarDate(code.expiresAt)}</time>
                </p>
                {hydrated ? <CopyCodeButton code={code.code} disabled={code.expired} /> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
