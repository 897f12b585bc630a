import { sql } from "kysely";
import type { RawBuilder } from "kysely";
import type { AuditActor } from "~/services/admin/audit.server";
import { recordAudit } from "~/services/admin/audit.server";
import { auditSubject } from "~/domain/audit";
import type { PlayerNamePolicy } from "~/domain/player-names";
import { withPublicNames } from "~/domain/player-names";
import { eventBus } from "~/server/domain-event-bus.server";
import { db } from "~/services/db.server";
import type { Executor } from "~/services/db.server";

/**
 * Privacy by choice (docs/decisions/0081): the site setting, the members' choices, and the policy
 * they make, loaded once per change and kept, so a page or a socket message masks its names
 * without a query of its own.
 */

let version = 0;
let loaded: { version: number; policy: Promise<PlayerNamePolicy> } | null = null;

/**
 * Moves on whenever what the public sees of names may have changed (in this process, or in
 * another one, told through the event bus): pages cached for visitors are keyed by it too.
 */
export function playerNamesVersion(): number {
  return version;
}

/** Forgets the kept policy: the next reader loads it again. */
export function forgetPlayerNamePolicy(): void {
  version += 1;
  loaded = null;
}

/** The policy in force, read from the database once per change. */
export function playerNamePolicy(): Promise<PlayerNamePolicy> {
  if (loaded?.version === version) return loaded.policy;
  const policy = loadPolicy();
  const entry = { version, policy };
  loaded = entry;
  policy.catch(() => {
    if (loaded === entry) loaded = null;
  });
  return policy;
}

/**
 * The policy as `executor` reads it, not kept: inside a transaction (a race's completion writing
 * its channel post), where on SQLite a read through `db` would wait for that same transaction.
 */
export async function loadPolicy(executor: Executor = db): Promise<PlayerNamePolicy> {
  const [settings, shown] = await Promise.all([
    executor.selectFrom("site_settings").select("mask_player_names").executeTakeFirst(),
    executor
      .selectFrom("users")
      .select("goated_id")
      .where("show_player_name", "=", 1)
      .where("goated_id", "is not", null)
      .execute(),
  ]);
  return {
    maskPlayerNames: settings?.mask_player_names === 1,
    shownUids: new Set(shown.flatMap((row) => (row.goated_id ? [row.goated_id] : []))),
  };
}

/** `rows` with their names as the public sees them now. */
export async function publicNames<T extends { uid: string; name: string }>(
  rows: T[],
): Promise<T[]> {
  return withPublicNames(await playerNamePolicy(), rows);
}

/** Tells every process that names may be shown differently now (after the commit). */
export async function announcePlayerNamesChanged(): Promise<void> {
  forgetPlayerNamePolicy();
  await eventBus.publish("player-names.changed", { at: new Date().toISOString() });
}

export interface SiteSettings {
  maskPlayerNames: boolean;
}

export async function siteSettings(): Promise<SiteSettings> {
  return { maskPlayerNames: (await playerNamePolicy()).maskPlayerNames };
}

/** An admin's change of the site settings, audited with the values before and after. */
export async function updateSiteSettings(
  actor: AuditActor,
  settings: SiteSettings,
  now: Date = new Date(),
): Promise<SiteSettings> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("site_settings")
      .select("mask_player_names")
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("site_settings")
      .set({
        mask_player_names: settings.maskPlayerNames ? 1 : 0,
        updated_at: now.toISOString(),
        updated_by: actor.userId,
      })
      .where("id", "=", 1)
      .execute();
    await recordAudit(
      trx,
      {
        actor,
        kind: "settings.updated",
        subject: auditSubject("settings", "site"),
        before: { maskPlayerNames: before.mask_player_names === 1 },
        after: settings,
      },
      now,
    );
  });
  await announcePlayerNamesChanged();
  return settings;
}

/** A member's choice to show their linked player's real name while names are masked. */
export async function setShowPlayerName(userId: number, show: boolean): Promise<void> {
  await db
    .updateTable("users")
    .set({ show_player_name: show ? 1 : 0 })
    .where("id", "=", userId)
    .execute();
  await announcePlayerNamesChanged();
}

/** Whether the member `userId` chose to show their linked player's real name. */
export async function showsPlayerName(userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("show_player_name")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.show_player_name === 1;
}

/**
 * A player's mask computed by the database, exactly as maskPlayerName computes it (length() and
 * substr() count code points in SQLite and PostgreSQL alike), so a search can match masks.
 */
export function maskedNameSql(column: string): RawBuilder<string> {
  const name = sql.ref(column);
  const n = sql`length(${name})`;
  return sql<string>`(CASE
    WHEN ${n} <= 4 THEN substr(${name}, 1, 1) || '****'
    WHEN ${n} <= 7 THEN substr(${name}, 1, 1) || '****' || substr(${name}, ${n}, 1)
    ELSE substr(${name}, 1, 2) || '****' || substr(${name}, ${n} - 1, 2) END)`;
}

/** True for the rows of `players` whose member chose to show the real name. */
export function nameShownSql(uidColumn: string): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM users
    WHERE users.goated_id = ${sql.ref(uidColumn)} AND users.show_player_name = 1)`;
}
