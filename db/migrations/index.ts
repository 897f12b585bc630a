import type { Migration } from "kysely";
import * as m0001 from "./0001_users_and_sessions";
import * as m0002 from "./0002_players_and_sync";
import * as m0003 from "./0003_accounts";
import * as m0004 from "./0004_wager_races";
import * as m0005 from "./0005_content";
import * as m0006 from "./0006_username_canonical";
import * as m0007 from "./0007_one_live_monthly_race_per_month";
import * as m0008 from "./0008_session_expiry_indexes";
import * as m0009 from "./0009_player_name_search";
import * as m0010 from "./0010_admin_users_and_audit";
import * as m0011 from "./0011_admin_totp";
import * as m0012 from "./0012_provider_token_usage";
import * as m0013 from "./0013_user_activity";
import * as m0014 from "./0014_bonus_codes_admin";
import * as m0015 from "./0015_notifications_inbox";
import * as m0016 from "./0016_email_outbox";
import * as m0017 from "./0017_support_chat";
import * as m0018 from "./0018_goated_links";
import * as m0019 from "./0019_hero_videos";
import * as m0020 from "./0020_backup_runs";
import * as m0022 from "./0022_shared_events_and_rate_limits";
import * as m0023 from "./0023_snapshot_player_checks_per_statement";
import * as m0024 from "./0024_provider_settings";
import * as m0025 from "./0025_published_sync_generation";
import * as m0026 from "./0026_race_payouts";
import * as m0027 from "./0027_race_result_hash";
import * as m0028 from "./0028_web_push";
import * as m0029 from "./0029_community_channels";
import * as m0030 from "./0030_giveaways";
import * as m0031 from "./0031_wager_flags";
import * as m0032 from "./0032_player_name_privacy";
import * as m0033 from "./0033_telegram_link";

/**
 * Every migration, imported statically so the list survives bundling by the Remix compiler
 * (Kysely's FileMigrationProvider reads a folder at run time, which a bundle does not have).
 * Keys sort in the order they run.
 */
export const migrations: Record<string, Migration> = {
  "0001_users_and_sessions": m0001,
  "0002_players_and_sync": m0002,
  "0003_accounts": m0003,
  "0004_wager_races": m0004,
  "0005_content": m0005,
  "0006_username_canonical": m0006,
  "0007_one_live_monthly_race_per_month": m0007,
  "0008_session_expiry_indexes": m0008,
  "0009_player_name_search": m0009,
  "0010_admin_users_and_audit": m0010,
  "0011_admin_totp": m0011,
  "0012_provider_token_usage": m0012,
  "0013_user_activity": m0013,
  "0014_bonus_codes_admin": m0014,
  "0015_notifications_inbox": m0015,
  "0016_email_outbox": m0016,
  "0017_support_chat": m0017,
  "0018_goated_links": m0018,
  "0019_hero_videos": m0019,
  "0020_backup_runs": m0020,
  "0022_shared_events_and_rate_limits": m0022,
  "0023_snapshot_player_checks_per_statement": m0023,
  "0024_provider_settings": m0024,
  "0025_published_sync_generation": m0025,
  "0026_race_payouts": m0026,
  "0027_race_result_hash": m0027,
  "0028_web_push": m0028,
  "0029_community_channels": m0029,
  "0030_giveaways": m0030,
  "0031_wager_flags": m0031,
  "0032_player_name_privacy": m0032,
  "0033_telegram_link": m0033,
};
