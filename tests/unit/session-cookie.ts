import { sessionCookieHeader } from "~/services/auth/sessions.server";

/** The Cookie request header of a browser signed in with `token` (its Set-Cookie's first pair). */
export async function signedInCookie(token: string): Promise<string> {
  return (await sessionCookieHeader(token)).split(";")[0] ?? "";
}
