import { z } from "zod";

/**
 * One zod schema per account form, shared by the browser (conform's client validation) and the
 * server (actions and the JSON API). Messages are spec §5's where it has them. Import this module
 * only from route modules and *.server.ts files: zod must stay out of the root bundle.
 */

export const USERNAME_TOO_SHORT = "Username must be at least 3 characters";
export const USERNAME_TOO_LONG = "Username must be at most 50 characters";
export const INVALID_EMAIL = "Please enter a valid email address";
export const PASSWORD_TOO_SHORT = "Password must be at least 6 characters";
export const PASSWORD_TOO_LONG = "Password must be at most 128 characters";
export const CONFIRM_PASSWORD = "Please confirm your password";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

/** The ten emblem colours of spec §3; the first is the default. */
export const PROFILE_COLORS = [
  "#D7FF00",
  "#FF5E5B",
  "#00A3FF",
  "#FF00E5",
  "#00FFA3",
  "#FFB800",
  "#9D4EDD",
  "#FF3D00",
  "#00FFFF",
  "#FF00A0",
] as const;
export type ProfileColor = (typeof PROFILE_COLORS)[number];

const username = z
  .string({ error: USERNAME_TOO_SHORT })
  .trim()
  .min(3, USERNAME_TOO_SHORT)
  .max(50, USERNAME_TOO_LONG);

const password = z
  .string({ error: PASSWORD_TOO_SHORT })
  .trim()
  .min(6, PASSWORD_TOO_SHORT)
  .max(128, PASSWORD_TOO_LONG);

export const registerSchema = z
  .object({
    username,
    email: z
      .string({ error: INVALID_EMAIL })
      .trim()
      .max(254, INVALID_EMAIL)
      .pipe(z.email(INVALID_EMAIL)),
    password,
    confirmPassword: z.string({ error: CONFIRM_PASSWORD }).trim().min(1, CONFIRM_PASSWORD),
  })
  .refine((form) => form.confirmPassword === form.password, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ["confirmPassword"],
  });

/**
 * The JSON API's registration: spec §3's client sends only username, password and email, so a
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
  password,
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
