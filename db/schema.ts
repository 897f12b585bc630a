import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { LinkRequestStatus } from "~/domain/goated-link";
import type { RaceStatus, RaceType } from "~/domain/race";
import type { WagerFlagKind, WagerFlagStatus } from "~/domain/wager-flags";

/**
 * Instants are ISO-8601 UTC text (docs/decisions/0003-time-and-money.md); booleans are 0/1 integers
 * because SQLite has no boolean type.
 */
type Instant = string;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /**
   * The name in the form it is unique and looked up in (~/domain/usernames); null only for an
   * account whose canonical name an older account held when migration 0006 filled this in.
   */
  username_canonical: string | null;
  email: string | null;
  password_hash: string;
  is_admin: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Instant, Instant, never>;
  telegram_username: string | null;
  bio: string | null;
  profile_color: ColumnType<string, string | undefined, string>;
  /**
   * The linked provider account (unique: one player, one user; set by an approved link request,
   * 0018); goated_username is the provider's `name` for that player.
   */
  goated_id: string | null;
  goated_username: string | null;
  /** When the account last opened a session; null: never. */
  last_login_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** When an admin disabled the account; null while it may sign in. */
  disabled_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** When the account last opened /bonus-codes (the mobile bell's dot); null: never. */
  bonus_codes_seen_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** When the owner confirmed `email` through its signed link; e-mail goes only to such addresses. */
  email_verified_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** 1: the linked player's real name is shown while names are masked (migration 0032). */
  show_player_name: ColumnType<number, number | undefined, number>;
  /**
   * The Telegram account the member proved with the bot's one-time code (migration 0033): its
   * user id (unique) and @username then; telegram_username above is only what they typed.
   */
  telegram_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  telegram_verified_username: ColumnType<string | null, string | null | undefined, string | null>;
  telegram_verified_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
}

/** One row per sign-in; only the SHA-256 of the cookie's random token is stored. */
export interface SessionsTable {
  id: string;
  user_id: number;
  token_hash: string;
  user_agent: string;
  ip: string;
  created_at: ColumnType<Instant, Instant, never>;
  last_active_at: Instant;
  /** Absolute expiry: the session ends then however active it is. */
  expires_at: ColumnType<Instant, Instant, never>;
  /** Idle expiry: pushed forward on activity, never past expires_at. */
  idle_expires_at: Instant;
}

/** A UTC day ("2026-11-21") on which one of the user's sessions was used (daily active users). */
export interface UserActivityDaysTable {
  day: string;
  user_id: number;
}

export interface NotificationPreferencesTable {
  user_id: number;
  wager_race_updates: number;
  vip_status_changes: number;
  promotional_offers: number;
  monthly_statements: number;
  updated_at: Instant;
}

/** The provider's referrals as of the last good sync; wagers are dollars (floats). */
export interface PlayersTable {
  uid: string;
  name: string;
  today: number;
  this_week: number;
  this_month: number;
  all_time: number;
  /** 1 for rows from the demo source, purged when a real token first syncs. */
  is_demo: ColumnType<number, number | undefined, number>;
  /** When the row was last written by a sync. */
  updated_at: Instant;
  /** When any of the four totals last changed (drives the MVP pulse). */
  wager_changed_at: Instant;
}

/** A player's all-time total, appended only when it changed: wager in [a, b) = at(b) - at(a). */
export interface WagerSnapshotsTable {
  id: Generated<number>;
  uid: string;
  taken_at: Instant;
  all_time: number;
}

export interface SyncRunsTable {
  id: Generated<number>;
  source: "provider" | "demo";
  started_at: Instant;
  finished_at: Instant | null;
  outcome: string;
  players_count: ColumnType<number, number | undefined, number>;
  skipped_count: ColumnType<number, number | undefined, number>;
  changed_count: ColumnType<number, number | undefined, number>;
  error: string | null;
  /** The provider's HTTP status when it answered with an error (401/403: it refused the token). */
  http_status: ColumnType<number | null, number | null | undefined, number | null>;
  /** The admin-saved settings (provider_tokens.id) the sync used; null for environment or demo. */
  provider_token_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ProviderTokensTable {
  id: Generated<number>;
  /** "" when the provider is called without a token (the affiliate code alone). */
  token: string;
  /** The referral code, the last part of the provider's endpoint; null in rows saved before it. */
  affiliate_uid: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Instant;
  created_by: number | null;
  /** The start of the last sync that sent this token to the provider. */
  last_used_at: Instant | null;
  /** When the admins were told it expires soon; they are told once per token. */
  expiry_notified_at: Instant | null;
}

/** One admin change: who made it, when, what kind, on what, and the values before and after. */
export interface AuditLogTable {
  id: Generated<number>;
  created_at: Instant;
  actor_id: number | null;
  actor_username: string;
  kind: string;
  subject: string;
  before_json: string | null;
  after_json: string | null;
}

/** An account's TOTP enrolment (docs/decisions/0020): the secret is encrypted (app/lib/secret-box). */
export interface UserTotpTable {
  user_id: number;
  secret: string;
  created_at: Instant;
  /** Null while the enrolment waits for its first code. */
  enabled_at: Instant | null;
  /** The last TOTP time step a code was accepted for; codes of it and before are refused. */
  last_used_step: number | null;
}

/** One-time recovery codes: only their SHA-256 is stored; used_at is set when one is spent. */
export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: Instant;
  used_at: Instant | null;
}

/** Bonus codes shown to signed-in users; `value` is free text such as '$25 Bonus'. */
export interface BonusCodesTable {
  id: Generated<number>;
  code: string;
  description: string;
  value: string;
  expires_at: Instant;
  created_at: ColumnType<Instant, Instant, never>;
}

/** A wager race; money in the pool is integer cents, the minimum wager dollars like the provider's. */
export interface RacesTable {
  id: Generated<number>;
  title: string;
  type: RaceType;
  status: RaceStatus;
  prize_pool_cents: number;
  min_wager: number;
  /** The window [start_date, end_date) in which wagers count. */
  start_date: Instant;
  end_date: Instant;
  /** JSON: position ("1".."10") -> percent of the pool. */
  prize_distribution: string;
  rules: string | null;
  description: string | null;
  is_automatic: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Instant, Instant, never>;
  created_by: number | null;
  updated_at: Instant;
  updated_by: number | null;
  completed_at: Instant | null;
  /** When the race's start was e-mailed (wagerRaceUpdates); null until it goes live and starts. */
  start_announced_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /**
   * The hex SHA-256 of the result's canonical form (app/domain/race-proof.ts), set when the race
   * completes; null before, and for races completed before migration 0027.
   */
  result_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The standings of a race frozen when it completed. */
export interface RaceResultsTable {
  race_id: number;
  position: number;
  uid: string;
  name: string;
  wager: number;
  prize_cents: number;
  /** The payout ledger (migration 0026): "unpaid" | "paid" | "held"; "untracked" before it. */
  payout_status: Generated<string>;
  payout_method: string | null;
  payout_reference: string | null;
  payout_reason: string | null;
  paid_cents: number | null;
  paid_at: string | null;
  paid_by: number | null;
  paid_by_username: string | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  title: string;
  message: string;
  race_id: number | null;
  /** The admin broadcast that sent it; null for the site's own notifications. */
  broadcast_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Instant;
  read_at: Instant | null;
}

export type EmailStatus = "queued" | "sent" | "failed";

/** One e-mail to send (docs/decisions/0025): drained by the outbox job, never lost on a restart. */
export interface EmailOutboxTable {
  id: Generated<number>;
  user_id: number | null;
  notification_id: number | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  kind: string;
  preference: string | null;
  unsubscribe_url: string | null;
  dedupe_key: string | null;
  status: ColumnType<EmailStatus, EmailStatus | undefined, EmailStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Instant;
  last_error: string | null;
  created_at: ColumnType<Instant, Instant, never>;
  sent_at: Instant | null;
}

/** The site's VAPID key pair (one row); the private key sealed (app/server/secret-box.server.ts). */
export interface PushVapidKeysTable {
  id: number;
  public_key: string;
  private_key_sealed: string;
  created_at: ColumnType<Instant, Instant, never>;
}

/** A browser a user subscribed to web push (its PushSubscription). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: Instant;
}

/** A push message waiting for (or done with) delivery: the e-mail outbox's shape. */
export interface PushOutboxTable {
  id: Generated<number>;
  subscription_id: number;
  notification_id: number | null;
  payload: string;
  status: ColumnType<EmailStatus, EmailStatus | undefined, EmailStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Instant;
  last_error: string | null;
  created_at: ColumnType<Instant, Instant, never>;
  sent_at: Instant | null;
}

/** A community channel's settings (0029): its secret sealed, the events it posts. */
export interface CommunityChannelsTable {
  provider: "discord" | "telegram";
  secret_sealed: string;
  secret_hint: string;
  chat_id: string | null;
  /** JSON array of event names. */
  events: string;
  bot_username: string | null;
  update_offset: number | null;
  updated_at: Instant;
  updated_by: number | null;
}

/** A post queued for a community channel (0029), drained like the e-mail outbox. */
export interface ChannelOutboxTable {
  id: Generated<number>;
  provider: "discord" | "telegram";
  event: string;
  text_body: string;
  dedupe_key: string | null;
  status: ColumnType<EmailStatus, EmailStatus | undefined, EmailStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Instant;
  last_error: string | null;
  created_at: ColumnType<Instant, Instant, never>;
  sent_at: Instant | null;
}

/** When a user last heard a personal alert about a race (one per 30 minutes at most). */
export interface RaceAlertSendsTable {
  user_id: number;
  race_id: number;
  sent_at: Instant;
}

/** An admin's message to an audience of users: one notification per recipient. */
export interface NotificationBroadcastsTable {
  id: Generated<number>;
  created_at: Instant;
  sent_by: number | null;
  sent_by_username: string;
  title: string;
  message: string;
  audience: string;
  /** How many inboxes received it. */
  delivered_count: number;
}

/** A user's one support conversation with staff (docs/product.md §A2 "Support"). */
export interface SupportConversationsTable {
  id: Generated<number>;
  user_id: number;
  status: ColumnType<"open" | "closed", "open" | "closed" | undefined, "open" | "closed">;
  created_at: ColumnType<Instant, Instant, never>;
  /** When its newest message was written: the admin list's order. */
  last_message_at: Instant;
  /** Read markers: the newest message id the player, and staff, have seen (0: none). */
  player_read_id: ColumnType<number, number | undefined, number>;
  staff_read_id: ColumnType<number, number | undefined, number>;
}

/** One chat message; is_staff_reply is decided by the server from the sender's role. */
export interface SupportMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  is_staff_reply: number;
  message: string;
  created_at: Instant;
}

/** One run of `npm run backup` or of the server's backup job (migration 0020). */
export interface BackupRunsTable {
  id: Generated<number>;
  started_at: Instant;
  finished_at: Instant;
  duration_ms: number;
  outcome: "success" | "failure";
  /** The compressed file's name in BACKUP_DIR and its size; null when the run failed. */
  file_name: string | null;
  size_bytes: number | null;
  error: string | null;
  /** BACKUP_COMMAND's outcome; null when none is set or the backup itself failed. */
  command_outcome: "success" | "failure" | null;
  command_error: string | null;
}

/** The video an admin set for a page's hero (app/domain/hero-banners.ts); no row, no video. */
export interface HeroVideosTable {
  banner: string;
  video_url: string;
  updated_at: Instant;
  updated_by: number | null;
}

/** A user's request to be linked to a provider player, until an admin decides it (0018). */
export interface GoatedLinkRequestsTable {
  id: Generated<number>;
  user_id: number;
  player_uid: string;
  /** The player's name when the request was made (what the user typed, as the provider spells it). */
  player_name: string;
  status: ColumnType<LinkRequestStatus, LinkRequestStatus | undefined, LinkRequestStatus>;
  created_at: ColumnType<Instant, Instant, never>;
  decided_at: Instant | null;
  /** The admin who decided; null while pending, or once that account is deleted. */
  decided_by: number | null;
}

/** An event too large for NOTIFY, read by every process by id (app/lib/postgres-event-bus). */
export interface EventBusPayloadsTable {
  id: string;
  payload: string;
  created_ms: number;
}

/** rate-limiter-flexible's counters on PostgreSQL (app/server/rate-limiter.server.ts). */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | null;
}

/** A giveaway (migration 0030, docs/decisions/0079). */
export interface GiveawaysTable {
  id: Generated<number>;
  title: string;
  prize: string;
  entries_close_at: Instant;
  winners: number;
  min_wager: number | null;
  dollars_per_ticket: number | null;
  /** Secret until the draw; its SHA-256 (seed_hash) is public from creation. */
  server_seed: ColumnType<string, string, never>;
  seed_hash: ColumnType<string, string, never>;
  client_seed: string | null;
  drawn_at: Instant | null;
  drawn_by: number | null;
  created_at: ColumnType<Instant, Instant, never>;
  created_by: number | null;
}

/** One member's entry in a giveaway; tickets and winner_place are set by the draw. */
export interface GiveawayEntriesTable {
  id: Generated<number>;
  giveaway_id: number;
  user_id: number;
  created_at: ColumnType<Instant, Instant, never>;
  tickets: ColumnType<number | null, number | null | undefined, number | null>;
  winner_place: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A wager anomaly flag (migration 0031, app/domain/wager-flags.ts): open until an admin decides. */
export interface WagerFlagsTable {
  id: Generated<number>;
  kind: WagerFlagKind;
  player_uid: string;
  /** What makes the flag one of its kind for the player (a day, a race, a sync interval, a group). */
  evidence_window: string;
  /** The figures the rule saw, as JSON (WagerFlagEvidence). */
  evidence_json: string;
  status: ColumnType<WagerFlagStatus, WagerFlagStatus | undefined, WagerFlagStatus>;
  created_at: Instant;
  decided_at: Instant | null;
  decided_by: number | null;
  decided_by_username: string | null;
}

/** A member's live 'Link Telegram' code (migration 0033): one per member, only its SHA-256 kept. */
export interface TelegramLinkCodesTable {
  user_id: number;
  code_hash: string;
  expires_at: Instant;
}

/** The site's settings an admin changes (migration 0032): one row, id 1. */
export interface SiteSettingsTable {
  id: number;
  /** 1: provider players' names are masked in public (docs/decisions/0081). */
  mask_player_names: number;
  updated_at: Instant | null;
  updated_by: number | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  user_activity_days: UserActivityDaysTable;
  notification_preferences: NotificationPreferencesTable;
  players: PlayersTable;
  wager_snapshots: WagerSnapshotsTable;
  sync_runs: SyncRunsTable;
  provider_tokens: ProviderTokensTable;
  bonus_codes: BonusCodesTable;
  races: RacesTable;
  race_results: RaceResultsTable;
  notifications: NotificationsTable;
  notification_broadcasts: NotificationBroadcastsTable;
  audit_log: AuditLogTable;
  user_totp: UserTotpTable;
  user_recovery_codes: UserRecoveryCodesTable;
  email_outbox: EmailOutboxTable;
  push_vapid_keys: PushVapidKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
  race_alert_sends: RaceAlertSendsTable;
  support_conversations: SupportConversationsTable;
  support_messages: SupportMessagesTable;
  backup_runs: BackupRunsTable;
  hero_videos: HeroVideosTable;
  goated_link_requests: GoatedLinkRequestsTable;
  giveaways: GiveawaysTable;
  giveaway_entries: GiveawayEntriesTable;
  event_bus_payloads: EventBusPayloadsTable;
  rate_limits: RateLimitsTable;
  wager_flags: WagerFlagsTable;
  site_settings: SiteSettingsTable;
  community_channels: CommunityChannelsTable;
  channel_outbox: ChannelOutboxTable;
  telegram_link_codes: TelegramLinkCodesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
export type Player = Selectable<PlayersTable>;
export type Race = Selectable<RacesTable>;
export type RaceResult = Selectable<RaceResultsTable>;
