import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHero } from "~/components/content/PageHero";
import { FeatureCards } from "~/components/home/FeatureCards";
import { HeadlineCarousel } from "~/components/home/HeadlineCarousel";
import { HomeLiveSections } from "~/components/leaderboard/HomeLiveSections";
import { PlayerStatsPanel } from "~/components/leaderboard/PlayerStatsPanel";
import { RaceWidget } from "~/components/race/RaceWidget";
import { HOME_HERO, NEW_USER_PROMO } from "~/content/home";
import { PROVIDER_REFERRAL_URL, REFERRAL_CODE } from "~/content/links";
import { heroVideoUrl } from "~/services/promotions/hero-videos.server";
import { leaderboardSnapshot } from "~/services/players/leaderboard-snapshot.server";
import { playerStanding } from "~/services/players/player-queries.server";
import { loadRaceWidget, loadWidgetStanding } from "~/services/races/race-widget.server";
import { requestMember } from "~/services/races/race-views.server";
import { MEMBER_DATA_PAGE_HEADERS } from "~/http/page-cache.server";
import { pageClock } from "~/domain/time";
import { mvpPulses } from "~/domain/leaderboard";
import { CallToAction } from "~/components/ui/CallToAction";

export const meta: MetaFunction = () => [
  { title: "GoatedVIPs | VIP rewards and wager leaderboards for Goated players" },
  {
    name: "description",
    content:
      "Where Goated players see where they stand: daily, weekly, monthly and all-time wager leaderboards, the $500 monthly wager race, VIP ranks and bonus codes.",
  },
];

// A member's page is the page rendered for its data: the user is read here, never in the
// components, so members with the same data share one render (docs/decisions/0112).
export const headers: HeadersFunction = () => MEMBER_DATA_PAGE_HEADERS;

export async function loader({ request }: LoaderFunctionArgs) {
  const instant = new Date();
  // To the 10 s (its countdowns show minutes): those 10 s's members then have the same data.
  const now = pageClock(instant);
  const playerUid = new URL(request.url).searchParams.get("player");
  const member = requestMember(request);
  const [snapshot, raceWidget, raceStanding, player, video, signedIn] = await Promise.all([
    leaderboardSnapshot(),
    loadRaceWidget(request, now),
    // The signed-in player's own place in the widget: its own field, the one part that is theirs.
    member.then((found) => loadWidgetStanding(request, found, now)),
    playerUid ? playerStanding(playerUid) : null,
    heroVideoUrl("home"),
    member.then((found) => found !== null),
  ]);
  return {
    snapshot,
    // The pulse lasts 10 s: read at the instant, it changes the data twice per change at most.
    pulses: mvpPulses(snapshot.top, instant),
    raceWidget,
    raceStanding,
    player,
    video,
    signedIn,
  };
}

/** A name on the home page opens the stats panel on the home page itself (docs/product.md §P2). */
const homePlayerHref = (uid: string) => `/?${new URLSearchParams({ player: uid }).toString()}`;

export default function Home() {
  const { snapshot, pulses, raceWidget, raceStanding, player, video, signedIn } =
    useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl space-y-12 px-4 py-8 sm:space-y-16 sm:py-12">
      <PageHero banner="home" videoUrl={video} />

      <section className="grid items-center gap-10 md:grid-cols-[1.3fr_1fr]">
        <div>
          <h1 className="font-display text-3xl font-bold uppercase leading-none text-primary drop-shadow-[0_0_24px_rgba(215,255,0,0.35)] sm:text-6xl">
            {HOME_HERO.title}
          </h1>
          <p className="mt-5 max-w-xl text-base text-muted">{HOME_HERO.text}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <CallToAction to="/leaderboard?period=daily" className="px-6 py-3 shadow-glow">
              Live leaderboards
            </CallToAction>
            <CallToAction to="/wager-races" secondary className="px-6 py-3">
              Wager races
            </CallToAction>
          </div>
        </div>

        <aside
          aria-labelledby="new-user-promo"
          className="rounded-xl border border-accent bg-card p-6 shadow-xl"
        >
          <h2
            id="new-user-promo"
            className="font-display text-xl font-bold uppercase tracking-wide"
          >
            {NEW_USER_PROMO.title}
          </h2>
          <p className="mt-2 text-sm text-muted">{NEW_USER_PROMO.text}</p>
          <p className="mt-4 text-xs uppercase tracking-widest text-muted">Referral code</p>
          <p className="mt-1 select-all rounded-md border border-dashed border-primary/60 bg-page px-4 py-3 text-center font-display text-2xl font-bold tracking-widest text-primary">
            {REFERRAL_CODE}
          </p>
          <CallToAction to={PROVIDER_REFERRAL_URL} className="mt-4 w-full px-4 py-3">
            {NEW_USER_PROMO.signUp}
          </CallToAction>
        </aside>
      </section>

      {raceWidget ? <RaceWidget {...raceWidget} standing={raceStanding} /> : null}

      {/* The headline carousel (with the live total wagered), TOP PERFORMERS, the feature cards
          and the DAILY LEADERBOARD (#leaderboard), in the order of docs/product.md §P2. */}
      <HomeLiveSections
        snapshot={snapshot}
        pulses={pulses}
        playerHref={homePlayerHref}
        headlines={(totalWagered) => (
          <HeadlineCarousel totalWagered={totalWagered} signedIn={signedIn} />
        )}
      >
        <FeatureCards signedIn={signedIn} />
      </HomeLiveSections>

      {player ? <PlayerStatsPanel player={player} closeHref="/" /> : null}
    </div>
  );
}
