import { Form } from "@remix-run/react";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";
import { useSubmittingIntent } from "~/components/ui/hooks";
import type { TelegramLinkOffer } from "~/domain/telegram-link";

export const LINK_TELEGRAM_INTENT = "link-telegram";
export const UNLINK_TELEGRAM_INTENT = "unlink-telegram";

const SMALL_BUTTON = `${SECONDARY_BUTTON} px-3 py-1.5 text-sm`;

/**
 * The profile's Telegram row (docs/decisions/0084): the account proved through the bot, labelled
 * verified, with Unlink; else the name the member typed, labelled unverified, and 'Link Telegram'
 * (a native form: the action sends the browser to the bot with a one-time code), or why it is
 * not offered.
 */
export function TelegramAccount({
  typedUsername,
  verifiedUsername,
  offer,
  error,
}: {
  typedUsername: string | null;
  verifiedUsername: string | null;
  offer: TelegramLinkOffer;
  error: string | undefined;
}) {
  const linking = useSubmittingIntent(LINK_TELEGRAM_INTENT);
  const unlinking = useSubmittingIntent(UNLINK_TELEGRAM_INTENT);
  if (verifiedUsername) {
    return (
      <span
        className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1"
        data-testid="telegram-account"
      >
        <span className="break-all">@{verifiedUsername}</span>
        <span className="font-bold text-success">Verified</span>
        <Form method="post">
          <input type="hidden" name="intent" value={UNLINK_TELEGRAM_INTENT} />
          <button
            type="submit"
            className={SMALL_BUTTON}
            aria-label="Unlink Telegram"
            disabled={unlinking}
          >
            {unlinking ? "Unlinking..." : "Unlink"}
          </button>
        </Form>
      </span>
    );
  }
  return (
    <span
      className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 text-right"
      data-testid="telegram-account"
    >
      {typedUsername ? (
        <>
          <span className="break-all">@{typedUsername}</span>
          <span className="font-bold text-muted">Unverified</span>
        </>
      ) : null}
      {offer.available ? (
        <Form method="post">
          <input type="hidden" name="intent" value={LINK_TELEGRAM_INTENT} />
          <button type="submit" className={SMALL_BUTTON} disabled={linking}>
            {linking ? "Opening Telegram..." : "Link Telegram"}
          </button>
        </Form>
      ) : (
        <span className="basis-full text-xs text-muted">{offer.reason}</span>
      )}
      {error ? (
        <span role="alert" className="basis-full text-xs text-red-400">
          {error}
        </span>
      ) : null}
    </span>
  );
}
