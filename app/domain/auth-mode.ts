/** The sign-in dialog's two modes (docs/product.md §P4 "Auth dialog") and where each form posts. */
export type AuthMode = "login" | "register";

export function parseAuthMode(value: string | null | undefined): AuthMode {
  return value === "register" ? "register" : "login";
}

/** The /auth URL of a mode, carrying where to go after signing in. */
export function authPath(mode: AuthMode, redirectTo: string): string {
  return `/auth?${new URLSearchParams({ mode, redirectTo }).toString()}`;
}

/** The title of a failed attempt's toast (docs/product.md §P8). */
export function authFailureTitle(mode: AuthMode): string {
  return mode === "login" ? "Login Failed" : "Registration Failed";
}
