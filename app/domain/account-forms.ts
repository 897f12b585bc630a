import { z } from "zod";
import { PROFILE_COLORS } from "./profile-colors";
import { hasInvisibleCharacters, mixesScripts } from "./usernames";

/**
 * One zod schema per account form, shared by the browser (conform's client validation) and the
 * server (actions and the JSON API). Messages are docs/product.md §P5's where it has them. Import this module
 * only from route modules and *.server.ts files: zod must stay out of the root bundle.
 */

export const USERNAME_TOO_SHORT = "Username must be at least 3 characters";
export const USERNAME_TOO_LONG = "Username must be at most 50 characters";
export const INVALID_EMAIL = "Please enter a valid email address";
export const USERNAME_INVISIBLE_CHARACTERS =
  "Username must not contain control, invisible or text-direction characters";
// Sign-in takes a username or an e-mail in one field: a name that looks like an e-mail could
// answer for another account's address (docs/decisions/0011-usernames.md).
export const USERNAME_AT_SIGN = "Username must not contain @";
export const USERNAME_MIXED_SCRIPTS =
  "Username must not mix letters of different alphabets (such as Latin and Cyrillic)";
// 8, not docs/product.md §P5's 6: ASVS 5.0 level 2 (docs/decisions/0010-password-rules.md).
export const PASSWORD_TOO_SHORT = "Password must be at least 8 characters";
export const PASSWORD_TOO_LONG = "Password must be at most 128 characters";
export const PASSWORD_REQUIRED = "Please enter your password";
export const CURRENT_PASSWORD_REQUIRED = "Please enter your current password";
export const NEW_PASSWORD_UNCHANGED = "New password must be different from the current one";
export const CONFIRM_PASSWORD = "Please confirm your password";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

const username = z
  .string({ error: USERNAME_TOO_SHORT })
  .trim()
  .min(3, USERNAME_TOO_SHORT)
  .max(50, USERNAME_TOO_LONG)
  .refine((name) => !hasInvisibleCharacters(name), USERNAME_INVISIBLE_CHARACTERS)
  .refine((name) => !name.includes("@"), USERNAME_AT_SIGN)
  .refine((name) => !mixesScripts(name), USERNAME_MIXED_SCRIPTS);

/**
 * A new password, exactly as typed (never trimmed or normalised). Common and guessable ones are
 * refused on the server only (~/domain/password-strength.server): the dictionary stays out of
 * the browser.
 */
const newPassword = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(8, PASSWORD_TOO_SHORT)
  .max(128, PASSWORD_TOO_LONG);

/**
 * A password to check against the stored one: any length the account may have been given
 * (before ASVS's 8, 6 was enough), exactly as typed.
 */
const storedPassword = (required: string) =>
  z.string({ error: required }).min(1, required).max(128, PASSWORD_TOO_LONG);

export const registerSchema = z
  .object({
    username,
    email: z
      .string({ error: INVALID_EMAIL })
      .trim()
      .max(254, INVALID_EMAIL)
      .pipe(z.email(INVALID_EMAIL)),
    password: newPassword,
    confirmPassword: z.string({ error: CONFIRM_PASSWORD }).min(1, CONFIRM_PASSWORD),
  })
  .refine((form) => form.confirmPassword === form.password, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ["confirmPassword"],
  });

/**
 * The JSON API's registration: docs/product.md §P3's client sends only username, password and email, so a
 * missing confirmation stands for the password; one that is sent must still match.
 */
export const apiRegisterSchema = z.preprocess(
  (body) =>
    typeof body === "object" && body !== null && !("confirmPassword" in body)
      ? { ...body, confirmPassword: (body as { password?: unknown }).password }
      : body,
  registerSchema,
);

/** Login takes a username or an e-mail in `username`; no e-mail or confirmation required. */
export const loginSchema = z.object({
  username: z
    .string({ error: USERNAME_TOO_SHORT })
    .trim()
    .min(3, USERNAME_TOO_SHORT)
    .max(254, "Username or e-mail is too long"),
  password: storedPassword(PASSWORD_REQUIRED),
});

const passwordChangeFields = {
  currentPassword: storedPassword(CURRENT_PASSWORD_REQUIRED),
  newPassword,
};
const newPasswordDiffers = (change: { currentPassword: string; newPassword: string }) =>
  change.newPassword !== change.currentPassword;
const onNewPassword = { message: NEW_PASSWORD_UNCHANGED, path: ["newPassword"] };

/** `POST /api/user/password`: the current password and the new one. */
export const passwordChangeApiSchema = z
  .object(passwordChangeFields)
  .refine(newPasswordDiffers, onNewPassword);

/** The profile's password change form: the new password typed twice. */
export const passwordChangeSchema = z
  .object({
    ...passwordChangeFields,
    confirmNewPassword: z.string({ error: CONFIRM_PASSWORD }).min(1, CONFIRM_PASSWORD),
  })
  .refine(newPasswordDiffers, onNewPassword)
  .refine((change) => change.confirmNewPassword === change.newPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ["confirmNewPassword"],
  });

export const TELEGRAM_USERNAME_INVALID =
  "Telegram username must be 5 to 32 letters, digits or underscores";
export const BIO_TOO_LONG = "Bio must be at most 500 characters";

export const profileSchema = z.object({
  username,
  // Stored without the @, which people type out of habit.
  telegramUsername: z
    .string()
    .trim()
    .regex(/^@?[A-Za-z0-9_]{5,32}$/, TELEGRAM_USERNAME_INVALID)
    .transform((name) => name.replace(/^@/, ""))
    .optional(),
  bio: z.string().trim().max(500, BIO_TOO_LONG).optional(),
  profileColor: z.enum(PROFILE_COLORS, { error: "Choose one of the emblem colours" }),
});

export const PREFERENCE_KEYS = [
  "wagerRaceUpdates",
  "vipStatusChanges",
  "promotionalOffers",
  "monthlyStatements",
] as const;
export type PreferenceKey = (typeof PREFERENCE_KEYS)[number];
export type NotificationPreferences = Record<PreferenceKey, boolean>;

/** Before a user saves any: race and VIP news on, marketing and statements off. */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  wagerRaceUpdates: true,
  vipStatusChanges: true,
  promotionalOffers: false,
  monthlyStatements: false,
};

/** The column that stores each preference. */
export const PREFERENCE_COLUMNS = {
  wagerRaceUpdates: "wager_race_updates",
  vipStatusChanges: "vip_status_changes",
  promotionalOffers: "promotional_offers",
  monthlyStatements: "monthly_statements",
} as const satisfies Record<PreferenceKey, string>;

/** Checkboxes: ticked is "on" (conform coerces it to true), unticked is absent (false). */
export const preferencesSchema = z.object({
  wagerRaceUpdates: z.boolean().default(false),
  vipStatusChanges: z.boolean().default(false),
  promotionalOffers: z.boolean().default(false),
  monthlyStatements: z.boolean().default(false),
});

export type RegisterForm = z.infer<typeof registerSchema>;
export type LoginForm = z.infer<typeof loginSchema>;
export type ProfileForm = z.infer<typeof profileSchema>;
export type PasswordChange = z.infer<typeof passwordChangeApiSchema>;
