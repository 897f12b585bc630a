import { StaleDataAge } from "~/components/leaderboard/DataAge";
import { CallToAction } from "~/components/ui/CallToAction";
import { TELEGRAM_COMMUNITY_URL } from "~/content/links";
import type { Account } from "~/domain/account";
import type { TelegramLinkOffer } from "~/domain/telegram-link";
import { formatCount, formatUsd } from "~/domain/money";
import { formatDate, formatTimeAgo } from "~/domain/time";
import { LINK_FORM_PATH, UNLINK_FORM_PATH } from "./GoatedLinkForms";
import { DetailRow, ProfileSection } from "./ProfileSection";
import { TelegramAccount } from "./TelegramAccount";

/**
 * The Stats tab's tiles (docs/product.md §P2): real figures where a linked account gives them
 * (`activity`: the linked player's races and last wager change; null while nothing is linked).
 */
export function StatsPanel({
  linked,
  totalWagered,
  activity,
  now,
}: {
  linked: boolean;
  totalWagered: number;
  activity: { racesJoined: number; lastWagerAt: string } | null;
  now: string;
}) {
  const tiles = [
    {
      label: "Total Wagered",
      value: formatUsd(linked ? totalWagered : 0),
      note: linked ? "From the latest leaderboard sync" : "Connect your Goated account to track",
    },
    { label: "Races Joined", value: formatCount(activity?.racesJoined ?? 0) },
    { label: "Bonus Codes", value: "0" },
    {
      label: "Last Activity",
      value: activity ? formatTimeAgo(activity.lastWagerAt, new Date(now)) : "Just Now",
      note: activity ? "Last wager change seen by a sync" : undefined,
    },
  ];
  return (
    <>
      <section aria-label="Stats" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles.map((tile) => (
          <div key={tile.label} className="rounded-lg border border-accent bg-page p-4">
            <p className="text-xs font-bold uppercase text-muted">{tile.label}</p>
            <p className="mt-1 font-display text-2xl font-bold tabular-nums">{tile.value}</p>
            {tile.note ? <p className="mt-1 text-xs text-muted">{tile.note}</p> : null}
          </div>
        ))}
      </section>
      {linked ? <StaleDataAge /> : null}
    </>
  );
}

/**
 * The profile's Account Details and Linked Accounts cards. The Goated row: Connected (with the
 * player's name and Unlink), 'Pending review' while an admin has the request, else Connect. The
 * Telegram row: TelegramAccount.
 */
export function AccountPanels({
  account,
  pendingGoatedUsername,
  telegramOffer,
  telegramError,
}: {
  account: Account;
  pendingGoatedUsername: string | null;
  telegramOffer: TelegramLinkOffer;
  telegramError: string | undefined;
}) {
  const linked = account.goatedId !== null;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <ProfileSection id="account-details" title="Account Details">
        <dl className="space-y-2">
          <DetailRow label="Member Since">{formatDate(account.createdAt)}</DetailRow>
          <DetailRow label="User ID">
            <span className="tabular-nums">{account.id}</span>
          </DetailRow>
          <DetailRow label="Status">
            <span className="font-bold text-success">Active</span>
          </DetailRow>
        </dl>
      </ProfileSection>

      <ProfileSection id="linked-accounts" title="Linked Accounts">
        <dl className="space-y-3">
          <DetailRow label="Telegram">
            <TelegramAccount
              typedUsername={account.telegramUsername}
              verifiedUsername={account.telegramVerifiedUsername}
              offer={telegramOffer}
              error={telegramError}
            />
          </DetailRow>
          <DetailRow label="Goated">
            {linked ? (
              <span className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
                <span className="font-bold text-success">Connected</span>
                {account.goatedUsername ? (
                  <span className="break-all">{account.goatedUsername}</span>
                ) : null}
                <CallToAction to={UNLINK_FORM_PATH} secondary className="px-3 py-1.5 text-xs">
                  Unlink
                </CallToAction>
              </span>
            ) : pendingGoatedUsername ? (
              <span className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
                <span className="font-bold text-primary">Pending review</span>
                <span className="break-all">{pendingGoatedUsername}</span>
              </span>
            ) : (
              <CallToAction to={LINK_FORM_PATH} secondary className="px-3 py-1.5 text-xs">
                Connect
              </CallToAction>
            )}
          </DetailRow>
        </dl>
      </ProfileSection>
    </div>
  );
}

/** Shown until both Goated and Telegram are linked; Connect opens the link form. */
export function ConnectAccountsBanner() {
  return (
    <section className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-primary/40 bg-card p-6">
      <div>
        <h2 className="font-display text-xl font-bold uppercase text-primary">
          Connect Your Accounts
        </h2>
        <p className="text-muted">
          Link Goated to track your wagers and race position, and join the Telegram community.
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <CallToAction to={LINK_FORM_PATH} className="px-4 py-2">
          Connect
        </CallToAction>
        <CallToAction to={TELEGRAM_COMMUNITY_URL} secondary className="px-4 py-2">
          Join Telegram
        </CallToAction>
      </div>
    </section>
  );
}
