import { z } from "zod";
import { PREFERENCE_KEYS } from "./account-forms";
import { RANKS } from "./rank";
import { WAGER_FLAG_KINDS, WAGER_FLAG_STATUSES } from "./wager-flags";

/**
 * The JSON API's answers (docs/product.md §P3 and §P7, docs/product.md §A3 and §A7) as zod schemas:
 * the one description of every shape. The serializers are typed from them (z.infer), the contract
 * suite (tests/unit/api/contract.test.ts) checks every answer against them, and docs/api.md's
 * "JSON API" table is checked against API_ENDPOINTS. Import only from route modules and
 * *.server.ts files: zod stays out of the browser bundle.
 */

/** A dollar amount as JSON writes it: rounded to cents (see roundToCents). */
export const dollars = z
  .number()
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: "a dollar amount must be rounded to cents",
  });

/** An optional text field: "" when there is none, never null (clients read it as a string). */
export const optionalText = z.string();

/** `value ?? ""`: how every serializer writes an optional text field. */
export function textOrEmpty(value: string | null | undefined): string {
  return value ?? "";
}

const instant = z.iso.datetime();
const raceType = z.enum(["weekly", "monthly", "weekend"]);
const raceStatus = z.enum(["upcoming", "live", "completed"]);
/** A hex SHA-256 digest, as a race's sealed result is published (docs/decisions/0063). */
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

export const apiErrorSchema = z.strictObject({
  status: z.literal("error"),
  message: z.string().min(1),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const apiMessageSchema = z.strictObject({
  status: z.literal("success"),
  message: z.string().min(1),
});

/** docs/product.md §P3 "User": the current user. */
export const accountSchema = z.strictObject({
  id: z.number().int().positive(),
  username: z.string(),
  email: optionalText,
  telegramUsername: optionalText,
  bio: optionalText,
  profileColor: z.string(),
  createdAt: instant,
  goatedId: optionalText,
  goatedUsername: optionalText,
  totalWagered: dollars,
  isAdmin: z.boolean(),
});
export type AccountJson = z.infer<typeof accountSchema>;

/** POST /api/auth/login, /api/login, /api/auth/register, /api/register. */
export const authAnswerSchema = z.strictObject({
  status: z.literal("success"),
  user: accountSchema,
  token: z.string().min(1),
  message: z.string(),
});

/**
 * The sign-ins' answer (401) for the right password of an account with two-step sign-in on and
 * no `code` in the body (docs/product.md §A10): send the same call again with `code`.
 */
export const twoStepRequiredSchema = z.strictObject({
  status: z.literal("totp_required"),
  message: z.string().min(1),
});
export type TwoStepRequiredJson = z.infer<typeof twoStepRequiredSchema>;

export const profileUpdateAnswerSchema = z.strictObject({
  status: z.literal("success"),
  user: accountSchema,
  message: z.string(),
});

/** docs/product.md §P3 "Session"; isActive marks the session asking (isCurrent says the same). */
export const sessionSchema = z.strictObject({
  id: z.string().min(1),
  userAgent: z.string(),
  device: z.string(),
  browser: z.string(),
  isActive: z.boolean(),
  isCurrent: z.boolean(),
  createdAt: instant,
  lastActive: instant,
});
export type SessionJson = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.array(sessionSchema);

const preferences = z.strictObject(
  Object.fromEntries(PREFERENCE_KEYS.map((key) => [key, z.boolean()])) as Record<
    (typeof PREFERENCE_KEYS)[number],
    z.ZodBoolean
  >,
);
/** GET /api/push/vapid-public-key: the key browsers subscribe to push with (base64url). */
export const vapidPublicKeySchema = z.strictObject({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/),
});

export const preferencesAnswerSchema = z.strictObject({ preferences });
export const preferencesSavedSchema = z.strictObject({
  status: z.literal("success"),
  preferences,
  message: z.string(),
});

const rankName = z.enum(RANKS.map((rank) => rank.name) as [string, ...string[]]);

export const achievementSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** When it happened; null when no record tells (a rank reached before the first sync). */
  achievedAt: instant.nullable(),
});
export type AchievementJson = z.infer<typeof achievementSchema>;

export const raceHistoryEntrySchema = z.strictObject({
  raceId: z.number().int().positive(),
  title: z.string(),
  endDate: instant,
  position: z.number().int().positive(),
  wager: dollars,
  prize: dollars,
});
export type RaceHistoryEntryJson = z.infer<typeof raceHistoryEntrySchema>;

/** GET /api/users/:id: what anyone signed in may see of a member, and their race record. */
export const publicProfileSchema = z.strictObject({
  id: z.number().int().positive(),
  username: z.string(),
  telegramUsername: optionalText,
  bio: optionalText,
  profileColor: z.string(),
  createdAt: instant,
  goatedUsername: optionalText,
  totalWagered: dollars,
  /** The place on the all-time leaderboard; 0 when not on it (no linked player, or no wager). */
  currentRank: z.number().int().nonnegative(),
  /** The tier of the all-time wager, COPPER to DIAMOND. */
  currentTier: rankName,
  /** Best finish in a completed race; 0 when none. */
  bestRank: z.number().int().nonnegative(),
  races: z.strictObject({
    participated: z.number().int().nonnegative(),
    won: z.number().int().nonnegative(),
    totalPrizes: dollars,
  }),
  achievements: z.array(achievementSchema),
  history: z.array(raceHistoryEntrySchema),
});
export type PublicProfileJson = z.infer<typeof publicProfileSchema>;

/** A race participant: `wager` is the spec's name, `wagered` the one existing clients read. */
export const raceParticipantSchema = z.strictObject({
  position: z.number().int().positive(),
  uid: z.string(),
  name: z.string(),
  wager: dollars,
  wagered: dollars,
  prize: dollars,
});
export type RaceParticipantJson = z.infer<typeof raceParticipantSchema>;

/** GET /api/wager-races/current (docs/product.md §P3 "Current race"). */
export const currentRaceSchema = z.strictObject({
  id: z.number().int().positive(),
  title: z.string(),
  type: raceType,
  status: raceStatus,
  startDate: instant,
  endDate: instant,
  prizePool: dollars,
  participants: z.array(raceParticipantSchema),
});
export type CurrentRaceJson = z.infer<typeof currentRaceSchema>;

const previousRaceParticipant = raceParticipantSchema.extend({
  allTimeWagered: dollars,
  lastUpdate: instant,
});

/**
 * GET /api/wager-races/previous: adds metadata.transitionEnds and each player's totals; and the
 * same participants under `data`, where the original client reads each one's race wager as a
 * leaderboard entry's `wagered.this_month`.
 */
export const previousRaceSchema = currentRaceSchema.extend({
  metadata: z.strictObject({ transitionEnds: instant }),
  participants: z.array(previousRaceParticipant),
  data: z.strictObject({
    participants: z.array(
      previousRaceParticipant.extend({ wagered: z.strictObject({ this_month: dollars }) }),
    ),
  }),
});
export type PreviousRaceJson = z.infer<typeof previousRaceSchema>;

/** GET /api/wager-race/position (docs/product.md §P3 "Race position"). */
export const racePositionSchema = z.strictObject({
  position: z.number().int().positive(),
  totalParticipants: z.number().int().positive(),
  wagerAmount: dollars,
  previousPosition: z.number().int().positive().nullable(),
  raceType,
  raceTitle: z.string(),
  endDate: instant,
  /**
   * The least wager (dollars, to the cent) that puts the player strictly ahead of the place above
   * (a tie: 0.01); null in first place (docs/decisions/0064).
   */
  gapToNext: dollars.positive().nullable(),
  /**
   * The same for the last paid place: 0 when already in a paid place; null when the race pays no
   * place.
   */
  gapToPaid: dollars.nonnegative().nullable(),
});
export type RacePositionJson = z.infer<typeof racePositionSchema>;

const leaderboardEntry = z.strictObject({
  uid: z.string(),
  name: z.string(),
  wagered: z.strictObject({
    today: dollars,
    this_week: dollars,
    this_month: dollars,
    all_time: dollars,
  }),
  lastUpdate: instant,
});
export type LeaderboardEntryJson = z.infer<typeof leaderboardEntry>;

/** GET /api/affiliate/stats (docs/product.md §P3 "Leaderboard response", structured). */
export const affiliateStatsSchema = z.strictObject({
  status: z.literal("success"),
  metadata: z.strictObject({
    totalUsers: z.number().int().nonnegative(),
    lastUpdated: instant.nullable(),
  }),
  data: z.strictObject({
    today: z.strictObject({ data: z.array(leaderboardEntry) }),
    weekly: z.strictObject({ data: z.array(leaderboardEntry) }),
    monthly: z.strictObject({ data: z.array(leaderboardEntry) }),
    all_time: z.strictObject({ data: z.array(leaderboardEntry) }),
  }),
});
export type AffiliateStatsJson = z.infer<typeof affiliateStatsSchema>;

/** A race as the admin API reads and writes it (docs/product.md §A3 "Wager race"). */
export const adminRaceSchema = z.strictObject({
  id: z.number().int().positive(),
  title: z.string(),
  type: raceType,
  status: raceStatus,
  prizePool: dollars,
  minWager: dollars,
  startDate: instant,
  endDate: instant,
  prizeDistribution: z.record(z.string(), z.number()),
  rules: optionalText,
  description: optionalText,
  isAutomatic: z.boolean(),
  completedAt: instant.nullable(),
});
export type AdminRaceJson = z.infer<typeof adminRaceSchema>;
export const adminRaceListSchema = z.array(adminRaceSchema);
export const adminRaceAnswerSchema = z.strictObject({
  status: z.literal("success"),
  message: z.string(),
  race: adminRaceSchema,
});

/** One payout of a race's ledger (issue 32): amount in cents-rounded dollars. */
export const payoutSchema = z.strictObject({
  place: z.number().int().min(1).max(10),
  name: z.string(),
  uid: z.string(),
  amount: z.number().nonnegative(),
  status: z.enum(["unpaid", "paid", "held"]),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  paidAt: z.string().nullable(),
});

export const payoutListSchema = z.array(payoutSchema);

/**
 * GET /api/wager-races/{id}/proof (issue 32): the result's canonical text recomputed from what is
 * stored, and the hash stored at completion (null for a race completed before results were sealed).
 */
export const resultProofSchema = z.strictObject({
  canonical: z.string(),
  resultHash: sha256Hex.nullable(),
  namesMasked: z.boolean(),
});

export const siteSettingsAnswerSchema = z.strictObject({
  status: z.literal("success"),
  message: z.string(),
  settings: z.strictObject({ maskPlayerNames: z.boolean() }),
});

/** A giveaway as the API answers it (issue 34, docs/decisions/0079); never its secret seed. */
const giveawaySchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  prize: z.string(),
  createdAt: z.string(),
  entriesCloseAt: z.string(),
  winners: z.number().int(),
  minWager: z.number().nullable(),
  dollarsPerTicket: z.number().nullable(),
  seedHash: sha256Hex,
  clientSeed: sha256Hex.nullable(),
  drawnAt: z.string().nullable(),
  status: z.enum(["open", "closed", "drawn"]),
  entrants: z.number().int(),
});

export const giveawayAnswerSchema = z.strictObject({
  status: z.literal("success"),
  message: z.string(),
  giveaway: giveawaySchema,
});

export const giveawayEntryAnswerSchema = z.strictObject({
  status: z.literal("success"),
  message: z.string(),
  entry: z.strictObject({ giveawayId: z.number().int(), userId: z.number().int() }),
});

export const giveawayDrawSchema = z.strictObject({
  winners: z.array(
    z.strictObject({
      userId: z.number().int(),
      username: z.string(),
      place: z.number().int(),
      tickets: z.number().int(),
    }),
  ),
  serverSeed: z.string(),
  clientSeed: sha256Hex,
});

/** GET /api/giveaways/{id}/proof: the published data; the seeds and lists once drawn. */
export const giveawayProofSchema = z.strictObject({
  seedHash: sha256Hex,
  serverSeed: z.string().nullable(),
  clientSeed: sha256Hex.nullable(),
  entrants: z.array(z.strictObject({ userId: z.number().int(), tickets: z.number().int() })),
  winners: z.array(z.number().int()),
});

export const payoutAnswerSchema = z.strictObject({
  status: z.literal("success"),
  message: z.string(),
  payout: payoutSchema,
});

const rankedPlayer = z.strictObject({
  rank: z.number().int().positive(),
  uid: z.string(),
  name: z.string(),
  wagered: dollars,
  allTime: dollars,
  wagerChangedAt: instant,
});
const byPeriod = <T extends z.ZodType>(value: T) =>
  z.strictObject({ daily: value, weekly: value, monthly: value, all_time: value });

/** /ws/leaderboard messages (docs/api.md "Websockets"): `type` at the top level of every one. */
export const leaderboardSocketMessageSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("CONNECTED"), timestamp: instant }),
  z.strictObject({ type: z.literal("PONG"), timestamp: instant }),
  z.strictObject({ type: z.literal("ERROR"), message: z.string(), timestamp: instant }),
  z.strictObject({
    type: z.literal("LEADERBOARD_UPDATE"),
    data: z.strictObject({
      top: byPeriod(z.array(rankedPlayer)),
      totalWagered: dollars,
      activeByPeriod: byPeriod(z.number().int().nonnegative()),
      lastUpdated: instant.nullable(),
    }),
    timestamp: instant,
  }),
  z.strictObject({
    type: z.literal("RACE_COMPLETED"),
    data: z.strictObject({
      raceId: z.number().int().positive(),
      winners: z.array(raceParticipantSchema),
      resultHash: sha256Hex,
      previousRaceEnd: instant,
      nextRaceStart: instant,
    }),
    timestamp: instant,
  }),
]);

/** docs/product.md §A3 "User (admin view)"; lastLogin is null for an account never signed in. */
export const adminUserSchema = z.strictObject({
  id: z.number().int().positive(),
  username: z.string(),
  email: optionalText,
  isAdmin: z.boolean(),
  createdAt: instant,
  lastLogin: instant.nullable(),
});
export type AdminUserJson = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.array(adminUserSchema);

/**
 * Issue 34 item 2: a wager anomaly flag with its evidence (the figures its rule saw, by `kind`:
 * app/domain/wager-flags.ts), and the admin's decision once made.
 */
export const adminWagerFlagSchema = z.strictObject({
  id: z.number().int().positive(),
  kind: z.enum(WAGER_FLAG_KINDS),
  playerUid: z.string(),
  playerName: z.string().nullable(),
  status: z.enum(WAGER_FLAG_STATUSES),
  evidenceWindow: z.string(),
  evidence: z.looseObject({ kind: z.enum(WAGER_FLAG_KINDS) }),
  createdAt: instant,
  decidedAt: instant.nullable(),
  decidedBy: z.string().nullable(),
});
export type AdminWagerFlagJson = z.infer<typeof adminWagerFlagSchema>;
export const adminWagerFlagListSchema = z.array(adminWagerFlagSchema);

/**
 * docs/product.md §A3 "API token metadata": the newest admin-saved provider settings, never the
 * token itself. Without them, `exists` is false and the rest null. Besides the spec's fields: the
 * hours left, whether a token was saved, the affiliate code and the last sync with them; GET adds
 * the source in force.
 */
const tokenMetadataShape = {
  exists: z.boolean(),
  isExpired: z.boolean(),
  isExpiring: z.boolean(),
  daysLeft: z.number().int().min(0).nullable(),
  hoursLeft: z.number().int().min(0).nullable(),
  expiresAt: instant.nullable(),
  created: instant.nullable(),
  lastUsed: instant.nullable(),
  metadata: z.strictObject({ decodedInfo: z.strictObject({ uid: z.string() }) }).nullable(),
  hasToken: z.boolean(),
  affiliateUid: z.string().nullable(),
  lastSync: z
    .strictObject({
      outcome: z.enum(["success", "failed"]),
      at: instant,
      httpStatus: z.number().int().nullable(),
      error: z.string().nullable(),
      players: z.number().int().min(0),
    })
    .nullable(),
};
export const tokenMetadataSchema = z.strictObject({
  ...tokenMetadataShape,
  source: z.enum(["environment", "admin", "demo"]),
});
export const tokenSavedSchema = z.strictObject({
  status: z.literal("success"),
  message: z.string().min(1),
  ...tokenMetadataShape,
});
/** POST with `"intent": "test"`: the player count, or the provider's refusal. */
const connectionTestSchema = z.union([
  z.strictObject({ ok: z.literal(true), players: z.number().int().min(0) }),
  z.strictObject({
    ok: z.literal(false),
    httpStatus: z.number().int().nullable(),
    message: z.string().min(1),
  }),
]);
export const tokenPostAnswerSchema = z.union([tokenSavedSchema, connectionTestSchema]);

/** POST /api/admin/notifications/send (docs/product.md §A7): the broadcast as sent. */
export const notificationSentSchema = z.strictObject({
  status: z.literal("success"),
  message: z.string(),
  notification: z.strictObject({
    id: z.number().int().positive(),
    createdAt: instant,
    title: z.string(),
    message: z.string(),
    audience: z.enum(["promotional", "all"]),
    delivered: z.number().int().nonnegative(),
  }),
});

/** docs/product.md §A3 "Bonus code", as GET|POST|PUT /api/admin/bonus-codes write it. */
export const adminBonusCodeSchema = z.strictObject({
  id: z.number().int().positive(),
  code: z.string().regex(/^[A-Z0-9_-]+$/),
  description: z.string(),
  value: z.string(),
  expiresAt: instant,
  expired: z.boolean(),
  createdAt: instant,
});
export type AdminBonusCodeJson = z.infer<typeof adminBonusCodeSchema>;
export const adminBonusCodeListSchema = z.array(adminBonusCodeSchema);
export const adminBonusCodeAnswerSchema = z.strictObject({
  status: z.literal("success"),
  message: z.string(),
  bonusCode: adminBonusCodeSchema,
});

/** docs/product.md §A3 "Chat message": one support chat message, as the history API writes it. */
export const chatMessageSchema = z.strictObject({
  id: z.number().int().positive(),
  message: z.string().min(1),
  isStaffReply: z.boolean(),
  createdAt: instant,
  sender: z.strictObject({ id: z.number().int().positive(), username: z.string() }),
});
export type ChatMessageJson = z.infer<typeof chatMessageSchema>;
/** GET /api/chat/history: a page of the conversation, oldest first. */
export const chatHistorySchema = z.array(chatMessageSchema);
/** POST /api/chat/messages: the stored message, with its conversation. */
export const chatMessageSentSchema = z.strictObject({
  status: z.literal("success"),
  message: z.string().min(1),
  chatMessage: chatMessageSchema.extend({ conversationId: z.number().int().positive() }),
});

/** A Goated link request (decision 0031), as POST /api/user/link-goated and the admin calls answer it. */
export const linkRequestSchema = z.strictObject({
  id: z.number().int().positive(),
  userId: z.number().int().positive(),
  goatedUsername: z.string().min(1),
  status: z.enum(["pending", "approved", "rejected"]),
  createdAt: instant,
});
export const linkRequestAnswerSchema = z.strictObject({
  status: z.literal("success"),
  message: z.string().min(1),
  request: linkRequestSchema,
});

/** A community channel's event names (docs/decisions/0078). */
const channelEventsSchema = z.array(
  z.enum(["race_started", "race_completed", "bonus_code", "announcement"]),
);
const maskedSecretSchema = z
  .string()
  .regex(/^….{1,4}$/)
  .nullable();
const channelTimes = { configured: z.boolean(), updatedAt: z.string().nullable() };

/** GET /api/admin/community-channels: the settings, each secret as its last 4 characters only. */
export const communityChannelsSchema = z.strictObject({
  discord: z.strictObject({
    webhookUrl: maskedSecretSchema,
    events: channelEventsSchema,
    ...channelTimes,
  }),
  telegram: z.strictObject({
    botToken: maskedSecretSchema,
    chatId: z.string().nullable(),
    events: channelEventsSchema,
    botUsername: z.string().nullable(),
    ...channelTimes,
  }),
});

/** PUT /api/admin/community-channels: the saved settings, masked. */
export const communityChannelsSavedSchema = z.strictObject({
  status: z.literal("success"),
  message: z.string().min(1),
  ...communityChannelsSchema.shape,
});
