import { redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ProfileEditForm, UPDATE_PROFILE_INTENT } from "~/components/profile/ProfileEditForm";
import { ProfileEmblem } from "~/components/profile/ProfileEmblem";
import {
  CHANGE_PASSWORD_INTENT,
  PasswordChangeForm,
} from "~/components/profile/PasswordChangeForm";
import { ProfileSection } from "~/components/profile/ProfileSection";
import {
  AccountPanels,
  ConnectAccountsBanner,
  StatsPanel,
} from "~/components/profile/ProfilePanels";
import {
  GoatedLinkForm,
  GoatedUnlinkConfirm,
  LINK_GOATED_INTENT,
  UNLINK_GOATED_INTENT,
} from "~/components/profile/GoatedLinkForms";
import { PLAYER_NAME_INTENT, PlayerNameChoice } from "~/components/profile/PlayerNameChoice";
import { LINK_TELEGRAM_INTENT, UNLINK_TELEGRAM_INTENT } from "~/components/profile/TelegramAccount";
import { RacePositionCard } from "~/components/race/RacePositionCard";
import { PrizesWon } from "~/components/profile/PrizesWon";
import { RankProgress } from "~/components/rank/RankProgress";
import { EmailAddress } from "~/components/ui/EmailAddress";
import {
  END_OTHER_SESSIONS_INTENT,
  END_SESSION_INTENT,
  SessionsPanel,
} from "~/components/profile/SessionsPanel";
import { conflictErrors } from "~/domain/account";
import { LINK_REQUESTED, UNLINKED } from "~/domain/goated-link";
import { NAME_CHOICE_FIELD, NAME_CHOICE_REFUSED, parseNameChoice } from "~/domain/player-names";
import { parseProfileTab, PROFILE_TABS } from "~/domain/profile-tabs";
import { TELEGRAM_UNLINKED, telegramLinkUrl } from "~/domain/telegram-link";
import { browserFromUserAgent, deviceFromUserAgent } from "~/domain/user-agent";
import { validatePasswordChange, validateProfile } from "./profile.server";
import { readForm } from "~/http/form-body.server";
import { replyTo } from "~/lib/intent";
import { intentReply, readIntent, unknownIntent } from "~/http/intent.server";
import { redirectWithToast } from "~/http/toast.server";
import { requireUser } from "~/services/auth/auth.server";
import { changePassword, PASSWORD_CHANGED } from "~/services/auth/password-change.server";
import { endOtherSessions, endSession, listSessions } from "~/services/auth/sessions.server";
import {
  pendingLinkRequest,
  requestGoatedLink,
  unlinkGoated,
} from "~/services/players/goated-links.server";
import { linkedPlayerActivity } from "~/services/players/member-profile.server";
import {
  setShowPlayerName,
  showsPlayerName,
  siteSettings,
} from "~/services/players/player-names.server";
import { prizesWonBy } from "~/services/races/race-payouts.server";
import { loadRacePositionCard } from "~/services/races/race-views.server";
import {
  createTelegramLinkCode,
  telegramLinkOffer,
  unlinkTelegram,
} from "~/services/players/telegram-links.server";
import { getAccount, updateProfile } from "~/services/auth/users.server";
import { CallToAction } from "~/components/ui/CallToAction";

export const meta: MetaFunction = () => [
  { title: "My Profile | GoatedVIPs" },
  { name: "description", content: "Your GoatedVIPs profile, rank progress and sessions." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const tab = parseProfileTab(url.searchParams.get("tab"));
  const [
    account,
    sessions,
    racePosition,
    linkRequest,
    activity,
    prizes,
    showPlayerName,
    settings,
    telegramOffer,
  ] = await Promise.all([
    getAccount(user.userId),
    listSessions(user.userId),
    tab === "races" ? loadRacePositionCard(user.userId) : null,
    pendingLinkRequest(user.userId),
    tab === "stats" ? linkedPlayerActivity(user.userId) : null,
    tab === "races" ? prizesWonBy(user.userId) : null,
    showsPlayerName(user.userId),
    siteSettings(),
    telegramLinkOffer(),
  ]);
  if (!account) throw redirect("/");
  const rows = sessions.map((session) => ({
    id: session.id,
    device: deviceFromUserAgent(session.userAgent),
    browser: browserFromUserAgent(session.userAgent),
    createdAt: session.createdAt,
    lastActive: session.lastActive,
  }));
  return {
    account,
    tab,
    racePosition,
    activity,
    prizes,
    showPlayerName,
    maskingOn: settings.maskPlayerNames,
    telegramOffer,
    editing: url.searchParams.get("edit") === "1",
    pendingGoatedUsername: linkRequest?.goatedUsername ?? null,
    // ?link=goated opens the link form, ?link=unlink asks before unlinking.
    goatedForm: parseGoatedForm(url.searchParams.get("link")),
    currentSession: rows.find((row) => row.id === user.sessionId) ?? null,
    otherSessions: rows.filter((row) => row.id !== user.sessionId),
    now: new Date().toISOString(),
  };
}

const SESSIONS_TAB = "/profile?tab=sessions";

function parseGoatedForm(value: string | null): "link" | "unlink" | null {
  return value === "goated" ? "link" : value === "unlink" ? "unlink" : null;
}

function signedOutOf(count: number): string {
  return `Signed out of ${count} other session${count === 1 ? "" : "s"}.`;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = readIntent(form);
  switch (intent) {
    case UPDATE_PROFILE_INTENT: {
      const submission = validateProfile(form);
      if (submission.status !== "success") {
        return intentReply({ intent, result: submission.reply() }, 400);
      }
      const updated = await updateProfile(user.userId, submission.value);
      if (!updated.ok) {
        const { fieldErrors } = conflictErrors(updated.conflicts);
        return intentReply({ intent, result: submission.reply({ fieldErrors }) }, 409);
      }
      return redirectWithToast("/profile", {
        title: "Your profile has been updated",
        type: "success",
      });
    }
    case CHANGE_PASSWORD_INTENT: {
      // Passwords never travel back to the page in the form's reply.
      const hideFields = ["currentPassword", "newPassword", "confirmNewPassword"];
      const submission = validatePasswordChange(form);
      if (submission.status !== "success") {
        return intentReply({ intent, result: submission.reply({ hideFields }) }, 400);
      }
      const changed = await changePassword(user, submission.value, context.clientIp);
      if (!changed.ok) {
        const result = submission.reply({ fieldErrors: changed.errors, hideFields });
        return intentReply({ intent, result }, changed.status, changed.retryAfterSeconds);
      }
      return redirectWithToast(SESSIONS_TAB, {
        title: PASSWORD_CHANGED,
        description: signedOutOf(changed.endedSessions),
        type: "success",
      });
    }
    case END_SESSION_INTENT: {
      const sessionId = form.get("sessionId");
      // Ending the session you are using is signing out, which is the account menu's job.
      const ended =
        typeof sessionId === "string" &&
        sessionId !== user.sessionId &&
        (await endSession(user.userId, sessionId));
      return redirectWithToast(
        SESSIONS_TAB,
        ended
          ? { title: "Session terminated successfully", type: "success" }
          : { title: "Failed to terminate session", type: "destructive" },
      );
    }
    case END_OTHER_SESSIONS_INTENT: {
      const count = await endOtherSessions(user.userId, user.sessionId);
      return redirectWithToast(SESSIONS_TAB, {
        title: "Session terminated successfully",
        description: signedOutOf(count),
        type: "success",
      });
    }
    case LINK_GOATED_INTENT: {
      const requested = await requestGoatedLink(user.userId, form.get("username"));
      if (!requested.ok) {
        return intentReply({ intent, message: requested.message }, requested.status);
      }
      return redirectWithToast("/profile", {
        title: LINK_REQUESTED,
        description: `${requested.value.goatedUsername}: an admin will check it soon.`,
        type: "success",
      });
    }
    case PLAYER_NAME_INTENT: {
      const choice = parseNameChoice(form.get(NAME_CHOICE_FIELD));
      if (!choice) return intentReply({ intent, message: NAME_CHOICE_REFUSED }, 400);
      await setShowPlayerName(user.userId, choice === "show");
      return redirectWithToast("/profile#player-name", {
        title: choice === "show" ? "Your name is shown" : "Your name is masked",
        type: "success",
      });
    }
    case LINK_TELEGRAM_INTENT: {
      // To the bot with a fresh one-time code; its /start proves the account (decision 0084).
      const offer = await telegramLinkOffer();
      if (!offer.available) return intentReply({ intent, message: offer.reason }, 409);
      const { code } = await createTelegramLinkCode(user.userId);
      return redirect(telegramLinkUrl(offer.botUsername, code));
    }
    case UNLINK_TELEGRAM_INTENT: {
      await unlinkTelegram(user.userId);
      return redirectWithToast("/profile", { title: TELEGRAM_UNLINKED, type: "success" });
    }
    case UNLINK_GOATED_INTENT: {
      const unlinked = await unlinkGoated(user);
      if (!unlinked.ok) return intentReply({ intent, message: unlinked.message }, unlinked.status);
      return redirectWithToast("/profile", { title: UNLINKED, type: "success" });
    }
    default:
      return unknownIntent();
  }
}

export default function ProfilePage() {
  const {
    account,
    tab,
    racePosition,
    activity,
    prizes,
    showPlayerName,
    maskingOn,
    telegramOffer,
    editing,
    pendingGoatedUsername,
    goatedForm,
    currentSession,
    otherSessions,
    now,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = replyTo(actionData, UPDATE_PROFILE_INTENT);
  const passwordResult = replyTo(actionData, CHANGE_PASSWORD_INTENT);
  // A refused save stays in edit mode.
  const inEditMode = editing || lastResult !== undefined;
  const linked = account.goatedId !== null;
  const linkError = actionData?.intent === LINK_GOATED_INTENT ? actionData.message : undefined;
  const unlinkError = actionData?.intent === UNLINK_GOATED_INTENT ? actionData.message : undefined;
  const nameError = actionData?.intent === PLAYER_NAME_INTENT ? actionData.message : undefined;
  const telegramError =
    actionData?.intent === LINK_TELEGRAM_INTENT ? actionData.message : undefined;
  // The form stays open after a refusal, whatever the address says.
  const showLinkForm =
    !linked && !pendingGoatedUsername && (goatedForm === "link" || linkError !== undefined);
  const showUnlinkConfirm = linked && (goatedForm === "unlink" || unlinkError !== undefined);

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <h1 className="font-display text-3xl sm:text-4xl font-bold uppercase text-primary">
        My Profile
      </h1>

      <section className="rounded-xl border border-accent bg-card p-6">
        {/* On a phone the name takes the room beside the emblem and Edit drops below; a long
            name or e-mail wraps rather than being cut or running past the card. */}
        <div className="flex flex-wrap items-center gap-4 sm:gap-5">
          <ProfileEmblem username={account.username} color={account.profileColor} />
          <div className="min-w-0 flex-1 basis-40">
            <p className="font-display text-2xl font-bold [overflow-wrap:anywhere] sm:text-3xl">
              {account.username}
            </p>
            <p className="text-muted [overflow-wrap:anywhere]">
              {account.email ? <EmailAddress email={account.email} /> : "No email provided"}
            </p>
          </div>
          {inEditMode ? null : (
            <CallToAction to="/profile?edit=1" secondary className="px-4 py-2">
              Edit
            </CallToAction>
          )}
        </div>
        {inEditMode ? (
          <div className="mt-6 border-t border-accent pt-6">
            <ProfileEditForm account={account} lastResult={lastResult} />
          </div>
        ) : null}
      </section>

      <AccountPanels
        account={account}
        pendingGoatedUsername={pendingGoatedUsername}
        telegramOffer={telegramOffer}
        telegramError={telegramError}
      />
      {showLinkForm ? <GoatedLinkForm error={linkError} /> : null}
      {showUnlinkConfirm ? (
        <GoatedUnlinkConfirm goatedUsername={account.goatedUsername} error={unlinkError} />
      ) : null}
      {linked && account.goatedUsername ? (
        <PlayerNameChoice
          playerName={account.goatedUsername}
          showPlayerName={showPlayerName}
          maskingOn={maskingOn}
          error={nameError}
        />
      ) : null}

      <ProfileSection
        id="about-me"
        title="About Me"
        action={
          inEditMode ? null : (
            <Link to="/profile?edit=1" className="text-sm font-bold text-primary hover:underline">
              Edit
            </Link>
          )
        }
      >
        <p className="whitespace-pre-wrap break-words">
          {account.bio || (
            <span className="text-muted">
              No bio provided. Click edit to add information about yourself.
            </span>
          )}
        </p>
      </ProfileSection>

      <section className="rounded-xl border border-accent bg-card p-6">
        <nav
          aria-label="Profile sections"
          className="mb-6 flex flex-wrap gap-2 border-b border-accent pb-4"
        >
          {PROFILE_TABS.map((entry) => (
            <Link
              key={entry.id}
              to={`/profile?tab=${entry.id}`}
              aria-current={entry.id === tab ? "page" : undefined}
              className="rounded-md px-3 py-2 text-sm font-bold uppercase text-muted hover:text-white aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
            >
              {entry.label}
            </Link>
          ))}
        </nav>
        {tab === "stats" ? (
          <StatsPanel
            linked={linked}
            totalWagered={account.totalWagered}
            activity={activity}
            now={now}
          />
        ) : null}
        {tab === "rank" ? <RankProgress wagerAmount={account.totalWagered} /> : null}
        {tab === "sessions" ? (
          <div className="space-y-10">
            <SessionsPanel current={currentSession} others={otherSessions} now={now} />
            <PasswordChangeForm lastResult={passwordResult} />
          </div>
        ) : null}
        {racePosition ? <RacePositionCard {...racePosition} /> : null}
        {prizes ? <PrizesWon prizes={prizes} /> : null}
      </section>

      {linked && account.telegramUsername ? null : <ConnectAccountsBanner />}
    </div>
  );
}
