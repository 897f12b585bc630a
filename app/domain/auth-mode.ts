/** The sign-in dialog's two modes (docs/product.md §P4 "Auth dialog") and where each form posts. */
export type AuthMode = "login" | "register";

export function parseAuthMode(value: string | null | undefined): AuthMode {
  return value === "register" ? "register" : "login";
}

/**
 * The /auth URL of a mode, carrying where to go after signing in; `step: "code"` is the second
 * step of a sign-in with two-step sign-in on (docs/product.md §A10).
 */
export function authPath(mode: AuthMode, redirectTo: string, step?: "code"): string {
  const query = new URLSearchParams(step ? { mode, step, redirectTo } : { mode, redirectTo });
  return `/auth?${query.toString()}`;
}

/** The title of a failed attempt's toast (docs/product.md §P8). */
export function authFailureTitle(mode: AuthMode): string {
  return mode === "login" ? "Login Failed" : "Registration Failed";
}
