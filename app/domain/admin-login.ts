import { z } from "zod";

/**
 * The admin login form (docs/product.md §A5): both fields required, judged trimmed. The
 * identifier is sent trimmed; the password as typed, since passwords are never trimmed here
 * (docs/decisions/0018-admin-area.md). Import only from route modules and *.server.ts files.
 */
export const IDENTIFIER_REQUIRED = "Email or Username is required";
export const ADMIN_PASSWORD_REQUIRED = "Password is required";

export const adminLoginSchema = z.object({
  identifier: z.string({ error: IDENTIFIER_REQUIRED }).trim().min(1, IDENTIFIER_REQUIRED),
  password: z
    .string({ error: ADMIN_PASSWORD_REQUIRED })
    .refine((password) => password.trim() !== "", ADMIN_PASSWORD_REQUIRED),
});

export type AdminLoginForm = z.infer<typeof adminLoginSchema>;

/** The refusal a non-admin gets from the admin login (and a non-admin on an admin page). */
export const ADMIN_ACCESS_REQUIRED = "Admin Access Required";
export const ADMIN_WELCOME = "Welcome to the admin dashboard";
/** An account an admin disabled cannot sign in. */
export const ACCOUNT_DISABLED = "This account is disabled";
