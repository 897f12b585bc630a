import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CARD, PAGE, PageHeader } from "~/components/content/PageHeader";
import { GiveawaySummary } from "~/components/giveaway/GiveawaySummary";
import { pageMeta } from "~/lib/meta";
import { listGiveaways } from "~/services/promotions/giveaways.server";

export const meta: MetaFunction = () =>
  pageMeta(
    "Giveaways",
    "Giveaways for GoatedVIPs members, drawn provably fairly: check every draw yourself.",
  );

/** Every giveaway, open, closed or drawn (public: entering needs an account). */
export async function loader() {
  return { giveaways: await listGiveaways() };
}

export default function Giveaways() {
  const { giveaways } = useLoaderData<typeof loader>();
  return (
    <div className={PAGE}>
      <PageHeader
        title="Giveaways"
        intro="Enter with your account while entries are open. Each draw is provably fair: the server commits to a secret seed when the giveaway is made, and reveals it after the draw so that anyone can replay it."
        backToHome
      />
      {giveaways.length === 0 ? (
        <p className="text-muted">No giveaways yet.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {giveaways.map((giveaway) => (
            <li key={giveaway.id} className={CARD}>
              <h2 className="font-display text-xl font-bold uppercase">
                <Link to={`/giveaways/${giveaway.id}`} className="hover:text-primary">
                  {giveaway.title}
                </Link>
              </h2>
              <GiveawaySummary giveaway={giveaway} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
