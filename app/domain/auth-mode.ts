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

/** The query parameter that carries where to go after signing in. */
export const REDIRECT_TO_PARAM = "redirectTo";

/**
 * Where a guarded page sends a signed-out visitor (docs/product.md §P2 "Guarded routes"): `/`,
 * carrying the page they wanted, which the Sign in link hands on to the sign-in.
 */
export function guardedPageRedirect(wanted: string): string {
  return `/?${new URLSearchParams({ [REDIRECT_TO_PARAM]: wanted }).toString()}`;
}
