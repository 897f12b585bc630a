import { invariantResponse } from "@epic-web/invariant";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MemberRaceRecord } from "~/components/profile/MemberRaceRecord";
import { MemberWagerChart } from "~/components/profile/MemberWagerChart";
import { StaleDataAge } from "~/components/leaderboard/DataAge";
import { ProfileEmblem } from "~/components/profile/ProfileEmblem";
import { ProfileSection } from "~/components/profile/ProfileSection";
import { formatUsd } from "~/domain/money";
import { playerShareCard, playerShareDescription } from "~/domain/share-cards";
import { formatDate } from "~/domain/time";
import { shareCardMeta } from "~/lib/meta";
import { parsePositiveId } from "~/lib/params";
import { shareCardUrl } from "~/server/share-card-image.server";
import { requireUser } from "~/services/auth/auth.server";
import { getMemberProfile } from "~/services/players/member-profile.server";
import { memberWagerChart } from "~/services/players/wager-charts.server";

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page ? `${page.profile.username} | GoatedVIPs` : "Member | GoatedVIPs" },
  { name: "description", content: "A GoatedVIPs member's public profile." },
  ...(page
    ? shareCardMeta({ title: `${page.profile.username} on GoatedVIPs`, ...page.share })
    : []),
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = parsePositiveId(params.id);
  const profile = id === null ? null : await getMemberProfile(id);
  invariantResponse(profile, "Not Found", { status: 404 });
  const card = playerShareCard(profile);
  return {
    profile,
    wagerChart: await memberWagerChart(profile.id),
    // Their Open Graph card (docs/decisions/0074).
    share: {
      image: shareCardUrl(`/user/${profile.id}/og.png`, card),
      description: playerShareDescription(card),
    },
  };
}

export default function MemberProfilePage() {
  const { profile, wagerChart } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <section className="flex flex-wrap items-center gap-5 rounded-xl border border-accent bg-card p-6">
        <ProfileEmblem username={profile.username} color={profile.profileColor} />
        <div>
          <h1 className="font-display text-3xl font-bold">{profile.username}</h1>
          <p className="text-muted">Member since {formatDate(profile.createdAt)}</p>
          {profile.telegramUsername ? (
            <p data-testid="member-telegram">
              <span className="break-all">@{profile.telegramUsername}</span>{" "}
              {profile.telegramVerified ? (
                <span className="font-bold text-success">Verified</span>
              ) : (
                <span className="font-bold text-muted">Unverified</span>
              )}
            </p>
          ) : null}
        </div>
      </section>
      <ProfileSection id="member-about" title="About">
        <p className="whitespace-pre-wrap break-words">
          {profile.bio || <span className="text-muted">No bio provided.</span>}
        </p>
      </ProfileSection>
      <ProfileSection id="member-rank" title="Rank">
        <p className="font-display text-2xl font-bold text-primary">{profile.currentTier}</p>
        <p className="text-muted">Total wagered {formatUsd(profile.totalWagered)}</p>
        <StaleDataAge />
      </ProfileSection>
      <MemberWagerChart data={wagerChart} />
      <MemberRaceRecord record={profile} />
    </div>
  );
}
