/**
 * What the audit log records (DESIGN.md "Admin area": every admin change, who, what, when, before
 * and after). A kind is "<what>.<change>"; each has the words the audit page shows.
 */
export const AUDIT_KIND_LABELS = {
  "user.admin_granted": "User made admin",
  "user.admin_revoked": "Admin rights removed",
  "user.disabled": "User disabled",
  "user.enabled": "User enabled",
  "race.created": "Race created",
  "race.updated": "Race updated",
  "race.status_changed": "Race status changed",
  "race.deleted": "Race deleted",
  "race.payout_marked": "Race payout marked",
  "token.saved": "API token saved",
  "token.removed": "API token removed (demo data)",
  "notification.sent": "Notification sent",
  "admin.totp_enabled": "Two-step sign-in turned on",
  "admin.totp_disabled": "Two-step sign-in turned off",
  "admin.recovery_codes_regenerated": "Recovery codes regenerated",
  "bonus_code.created": "Bonus code created",
  "bonus_code.updated": "Bonus code updated",
  "bonus_code.deleted": "Bonus code deleted",
  "support.closed": "Support conversation closed",
  "support.reopened": "Support conversation reopened",
  "hero_video.saved": "Banner video saved",
  "hero_video.removed": "Banner video removed",
  "goated_link.approved": "Goated link approved",
  "goated_link.rejected": "Goated link rejected",
  "goated_link.unlinked": "Goated account unlinked",
  "giveaway.created": "Giveaway created",
  "giveaway.drawn": "Giveaway drawn",
  "wager_flag.dismissed": "Wager flag dismissed",
  "wager_flag.confirmed": "Wager flag confirmed (payouts held)",
  "settings.updated": "Site settings changed",
  "community_channel.saved": "Community channel saved",
  "community_channel.removed": "Community channel removed",
} as const;

export type AuditKind = keyof typeof AUDIT_KIND_LABELS;

export function isAuditKind(value: string | null | undefined): value is AuditKind {
  return typeof value === "string" && Object.hasOwn(AUDIT_KIND_LABELS, value);
}

/** The subject of an entry, "<table>:<id>", so entries about one thing can be found together. */
export function auditSubject(
  what:
    | "user"
    | "race"
    | "token"
    | "broadcast"
    | "bonus_code"
    | "conversation"
    | "hero_banner"
    | "link_request"
    | "giveaway"
    | "wager_flag"
    | "settings"
    | "community_channel",
  id: number | string,
): string {
  return `${what}:${id}`;
}
