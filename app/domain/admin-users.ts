/**
 * The rules of the admin user management (issue 15): an admin makes and unmakes admins and
 * disables and enables accounts, but the site never loses its last admin and no admin disables
 * their own account.
 */
export type UserChange = "grant-admin" | "revoke-admin" | "disable" | "enable";

export const USER_CHANGES: readonly UserChange[] = [
  "grant-admin",
  "revoke-admin",
  "disable",
  "enable",
];

export function isUserChange(value: unknown): value is UserChange {
  return typeof value === "string" && (USER_CHANGES as readonly string[]).includes(value);
}

export const LAST_ADMIN_REVOKE = "The last admin cannot lose admin rights";
export const LAST_ADMIN_DISABLE = "The last admin cannot be disabled";
export const CANNOT_DISABLE_SELF = "You cannot disable your own account";
export const USER_NOT_FOUND = "User not found";

export const USER_CHANGE_DONE: Record<UserChange, string> = {
  "grant-admin": "User is now an admin",
  "revoke-admin": "Admin rights removed",
  disable: "Account disabled; its sessions have ended",
  enable: "Account enabled",
};

export interface UserStanding {
  id: number;
  isAdmin: boolean;
  disabled: boolean;
}

/**
 * Why `change` may not be made by `actorId` to `target` while `activeAdmins` accounts are
 * enabled admins, or null when it may.
 */
export function userChangeProblem(
  change: UserChange,
  {
    actorId,
    target,
    activeAdmins,
  }: { actorId: number; target: UserStanding; activeAdmins: number },
): string | null {
  const isActiveAdmin = target.isAdmin && !target.disabled;
  if (change === "revoke-admin" && isActiveAdmin && activeAdmins <= 1) return LAST_ADMIN_REVOKE;
  if (change === "disable") {
    if (target.id === actorId) return CANNOT_DISABLE_SELF;
    if (isActiveAdmin && activeAdmins <= 1) return LAST_ADMIN_DISABLE;
  }
  return null;
}
