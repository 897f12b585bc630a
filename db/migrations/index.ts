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
import * as m0017 from "./0017_support_chat";

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
  "0017_support_chat": m0017,
};
