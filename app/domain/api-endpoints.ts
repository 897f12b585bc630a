import type { z } from "zod";
import {
  accountSchema,
  adminBonusCodeAnswerSchema,
  adminBonusCodeListSchema,
  adminRaceAnswerSchema,
  adminRaceListSchema,
  adminRaceSchema,
  adminUserListSchema,
  adminWagerFlagListSchema,
  affiliateStatsSchema,
  apiMessageSchema,
  authAnswerSchema,
  linkRequestAnswerSchema,
  notificationSentSchema,
  payoutAnswerSchema,
  payoutListSchema,
  resultProofSchema,
  siteSettingsAnswerSchema,
  chatHistorySchema,
  giveawayAnswerSchema,
  giveawayDrawSchema,
  giveawayEntryAnswerSchema,
  giveawayProofSchema,
  chatMessageSentSchema,
  communityChannelsSavedSchema,
  communityChannelsSchema,
  currentRaceSchema,
  preferencesAnswerSchema,
  preferencesSavedSchema,
  previousRaceSchema,
  profileUpdateAnswerSchema,
  publicProfileSchema,
  racePositionSchema,
  sessionListSchema,
  tokenMetadataSchema,
  tokenPostAnswerSchema,
  tokenSavedSchema,
  vapidPublicKeySchema,
} from "./api-contract";

export type ApiAccess = "anyone" | "signed in" | "admin";

export interface ApiEndpoint {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  access: ApiAccess;
  /** docs/api.md's words for the answer. */
  answer: string;
  /** The success answer's shape. */
  schema: z.ZodType;
}

/**
 * Every implemented call of docs/product.md §P7 and §A7, as docs/api.md's "JSON API" table lists
 * them (a test compares the two). Errors are `apiErrorSchema` (./api-contract) everywhere.
 */
export const API_ENDPOINTS: readonly ApiEndpoint[] = [
  {
    method: "POST",
    path: "/api/auth/register",
    access: "anyone",
    answer: "201 `{status, user, token, message}`",
    schema: authAnswerSchema,
  },
  {
    method: "POST",
    path: "/api/register",
    access: "anyone",
    answer: "201 `{status, user, token, message}`",
    schema: authAnswerSchema,
  },
  {
    method: "POST",
    path: "/api/auth/login",
    access: "anyone",
    answer: "`{status, user, token, message}`; 401 `totp_required` (two-step on, no `code`)",
    schema: authAnswerSchema,
  },
  {
    method: "POST",
    path: "/api/login",
    access: "anyone",
    answer: "`{status, user, token, message}`; 401 `totp_required` (two-step on, no `code`)",
    schema: authAnswerSchema,
  },
  {
    method: "POST",
    path: "/api/auth/logout",
    access: "anyone",
    answer: "`{status, message}`",
    schema: apiMessageSchema,
  },
  {
    method: "POST",
    path: "/api/logout",
    access: "anyone",
    answer: "`{status, message}`",
    schema: apiMessageSchema,
  },
  {
    method: "GET",
    path: "/api/auth/user",
    access: "signed in",
    answer: "the user; 401 signed out",
    schema: accountSchema,
  },
  {
    method: "GET",
    path: "/api/user",
    access: "signed in",
    answer: "the user; 401 signed out",
    schema: accountSchema,
  },
  {
    method: "POST",
    path: "/api/user/update",
    access: "signed in",
    answer: "`{status, user, message}`",
    schema: profileUpdateAnswerSchema,
  },
  {
    method: "POST",
    path: "/api/user/link-goated",
    access: "signed in",
    answer:
      "201 `{status, message, request}` pending review; 404 not a referral, 409 already linked",
    schema: linkRequestAnswerSchema,
  },
  {
    method: "POST",
    path: "/api/user/password",
    access: "signed in",
    answer: "`{status, message}`; the user's other sessions end",
    schema: apiMessageSchema,
  },
  {
    method: "GET",
    path: "/api/user/sessions",
    access: "signed in",
    answer:
      "the sessions `[{id, userAgent, device, browser, isActive, isCurrent, createdAt, lastActive}]`",
    schema: sessionListSchema,
  },
  {
    method: "POST",
    path: "/api/user/sessions/{id}/terminate",
    access: "signed in",
    answer: "`{status, message}`",
    schema: apiMessageSchema,
  },
  {
    method: "GET",
    path: "/api/notification-preferences",
    access: "signed in",
    answer: "`{preferences}`",
    schema: preferencesAnswerSchema,
  },
  {
    method: "POST",
    path: "/api/notification-preferences",
    access: "signed in",
    answer: "`{status, preferences, message}`",
    schema: preferencesSavedSchema,
  },
  {
    method: "GET",
    path: "/api/push/vapid-public-key",
    access: "anyone",
    answer: "`{publicKey}`, the VAPID public key (base64url) to subscribe to push with",
    schema: vapidPublicKeySchema,
  },
  {
    method: "POST",
    path: "/api/push/subscriptions",
    access: "signed in",
    answer:
      "201 `{status, message}`; takes a `PushSubscription` `{endpoint, keys: {p256dh, auth}}`",
    schema: apiMessageSchema,
  },
  {
    method: "DELETE",
    path: "/api/push/subscriptions",
    access: "signed in",
    answer: "`{status, message}`; takes `{endpoint}`; 404 when the user has no such subscription",
    schema: apiMessageSchema,
  },
  {
    method: "GET",
    path: "/api/users/{id}",
    access: "signed in",
    answer: "a member's public profile with rank, race record, achievements and history",
    schema: publicProfileSchema,
  },
  {
    method: "GET",
    path: "/api/affiliate/stats",
    access: "anyone",
    answer: "the leaderboard `{status, metadata, data}`",
    schema: affiliateStatsSchema,
  },
  {
    method: "GET",
    path: "/api/wager-races/current",
    access: "anyone",
    answer:
      "the current race with its top 10, else the last monthly race, completed, until the next starts; 404 when none",
    schema: currentRaceSchema,
  },
  {
    method: "GET",
    path: "/api/wager-races/previous",
    access: "anyone",
    answer:
      "the last completed race with `metadata.transitionEnds`, and `data.participants[].wagered.this_month`; 404 when none",
    schema: previousRaceSchema,
  },
  {
    method: "GET",
    path: "/api/wager-races/{id}/payouts",
    access: "anyone",
    answer:
      "the race's payout ledger `[{place, name, uid, amount, status, method, reference, paidAt}]`; empty before it completes",
    schema: payoutListSchema,
  },
  {
    method: "GET",
    path: "/api/wager-races/{id}/proof",
    access: "anyone",
    answer:
      "`{canonical, resultHash, namesMasked}`, `resultHash` the hex SHA-256 of the sealed text stored at completion (null if never), `canonical` that text unless `namesMasked`; 404 before then",
    schema: resultProofSchema,
  },
  {
    method: "GET",
    path: "/api/wager-race/position",
    access: "anyone",
    answer: "a player's place in the current race; 404 when not in it",
    schema: racePositionSchema,
  },
  {
    method: "GET",
    path: "/api/chat/history",
    access: "signed in",
    answer:
      "the support conversation `[{id, message, isStaffReply, createdAt, sender}]`, oldest first; staff `?conversationId=`; `?before=`",
    schema: chatHistorySchema,
  },
  {
    method: "POST",
    path: "/api/chat/messages",
    access: "signed in",
    answer: "201 `{status, message, chatMessage}`; 429 past the rate limit",
    schema: chatMessageSentSchema,
  },
  {
    method: "POST",
    path: "/api/admin/login",
    access: "anyone",
    answer:
      "`{status, token, user, message}`; 401 for a non-admin; 401 `totp_required` (two-step on, no `code`)",
    schema: authAnswerSchema,
  },
  {
    method: "GET",
    path: "/api/admin/users",
    access: "admin",
    answer:
      "users `{id, username, email, isAdmin, createdAt, lastLogin}`; `?q=`, `?page=` (25 a page)",
    schema: adminUserListSchema,
  },
  {
    method: "GET",
    path: "/api/admin/flags",
    access: "admin",
    answer:
      "anomaly flags `{id, kind, playerUid, status, evidence, ...}` newest first, 25 a page as users; `?status=` open, dismissed, confirmed",
    schema: adminWagerFlagListSchema,
  },
  {
    method: "POST",
    path: "/api/admin/link-requests/{id}/approve",
    access: "admin",
    answer: "`{status, message, request}`: the user is linked; 409 when decided or taken",
    schema: linkRequestAnswerSchema,
  },
  {
    method: "POST",
    path: "/api/admin/link-requests/{id}/reject",
    access: "admin",
    answer: "`{status, message, request}`; 409 when already decided",
    schema: linkRequestAnswerSchema,
  },
  {
    method: "GET",
    path: "/api/admin/wager-races",
    access: "admin",
    answer: "every race",
    schema: adminRaceListSchema,
  },
  {
    method: "POST",
    path: "/api/admin/wager-races",
    access: "admin",
    answer: "201 `{status, message, race}`",
    schema: adminRaceAnswerSchema,
  },
  {
    method: "PUT",
    path: "/api/admin/wager-races",
    access: "admin",
    answer: "`{status, message, race}`; 400 without `id` in the body",
    schema: adminRaceAnswerSchema,
  },
  {
    method: "GET",
    path: "/api/admin/wager-races/{id}",
    access: "admin",
    answer: "one race",
    schema: adminRaceSchema,
  },
  {
    method: "PUT",
    path: "/api/admin/wager-races/{id}/status",
    access: "admin",
    answer: "`{status, message, race}`",
    schema: adminRaceAnswerSchema,
  },
  {
    method: "POST",
    path: "/api/admin/wager-races/{id}/payouts/{place}",
    access: "admin",
    answer:
      "`{status, message, payout}`; takes `{status, method, reference, reason}` and optional `expectedStatus` (409 if the payout has changed from it)",
    schema: payoutAnswerSchema,
  },
  {
    method: "DELETE",
    path: "/api/admin/wager-races/{id}",
    access: "admin",
    answer: "`{status, message}`",
    schema: apiMessageSchema,
  },
  {
    method: "GET",
    path: "/api/admin/api-tokens/goated",
    access: "admin",
    answer: "the saved token's and affiliate code's metadata and last sync, never the token",
    schema: tokenMetadataSchema,
  },
  {
    method: "POST",
    path: "/api/admin/api-tokens/goated",
    access: "admin",
    answer:
      '`{token?, affiliateUid}`: `{status, message, ...metadata}`, 400 with the form\'s message; `intent: "test"` tries, saves nothing',
    schema: tokenPostAnswerSchema,
  },
  {
    method: "DELETE",
    path: "/api/admin/api-tokens/goated",
    access: "admin",
    answer: "'Use demo data': removes the saved token and code; `{status, message, ...metadata}`",
    schema: tokenSavedSchema,
  },
  {
    method: "POST",
    path: "/api/admin/notifications/send",
    access: "admin",
    answer: "`{status, message, notification}`; 409 when nobody is in the audience",
    schema: notificationSentSchema,
  },
  {
    method: "PUT",
    path: "/api/admin/settings",
    access: "admin",
    answer: "`{status, message, settings}`; body `{maskPlayerNames: true or false}`",
    schema: siteSettingsAnswerSchema,
  },
  {
    method: "GET",
    path: "/api/admin/community-channels",
    access: "admin",
    answer:
      "`{discord: {webhookUrl, events}, telegram: {botToken, chatId, events}}`, each secret as `…` and its last 4 characters",
    schema: communityChannelsSchema,
  },
  {
    method: "PUT",
    path: "/api/admin/community-channels",
    access: "admin",
    answer:
      "saves that shape (an empty secret keeps the saved one, null removes the channel); `{status, message, ...}` masked",
    schema: communityChannelsSavedSchema,
  },
  {
    method: "GET",
    path: "/api/admin/bonus-codes",
    access: "admin",
    answer: "every bonus code `{id, code, description, value, expiresAt, expired, createdAt}`",
    schema: adminBonusCodeListSchema,
  },
  {
    method: "POST",
    path: "/api/admin/bonus-codes",
    access: "admin",
    answer: "201 `{status, message, bonusCode}`; 409 for a code that exists",
    schema: adminBonusCodeAnswerSchema,
  },
  {
    method: "PUT",
    path: "/api/admin/bonus-codes",
    access: "admin",
    answer: "`{status, message, bonusCode}`; 400 without `id` in the body, 404 unknown, 409 taken",
    schema: adminBonusCodeAnswerSchema,
  },
  {
    method: "DELETE",
    path: "/api/admin/bonus-codes/{id}",
    access: "admin",
    answer: "`{status, message}`; 404 for an unknown id",
    schema: apiMessageSchema,
  },
  {
    method: "POST",
    path: "/api/admin/giveaways",
    access: "admin",
    answer: "201 `{status, message, giveaway}` with its `seedHash`; 400 for bad input",
    schema: giveawayAnswerSchema,
  },
  {
    method: "POST",
    path: "/api/admin/giveaways/{id}/draw",
    access: "admin",
    answer:
      "`{winners, serverSeed, clientSeed}`; 409 drawn already, entries open or nobody eligible",
    schema: giveawayDrawSchema,
  },
  {
    method: "POST",
    path: "/api/giveaways/{id}/entries",
    access: "signed in",
    answer:
      "201 `{status, message, entry}`; 409 entered already or closed, 403 needs a linked account",
    schema: giveawayEntryAnswerSchema,
  },
  {
    method: "GET",
    path: "/api/giveaways/{id}/proof",
    access: "anyone",
    answer:
      "`{seedHash, serverSeed, clientSeed, entrants, winners}`; the seeds and lists null or empty until drawn",
    schema: giveawayProofSchema,
  },
];
