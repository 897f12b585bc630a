import { createCookie } from "@remix-run/node";
import { SESSION_ABSOLUTE_MS } from "~/domain/session-lifetime";
import { PENDING_SIGN_IN_SECONDS } from "~/domain/two-step";
import { servedOverHttps, sessionSecret } from "~/server/config.server";

/**
 * The site's cookies (the flash toast's is in ./toast.server.ts). The services that read and
 * write them take them from here: services import no HTTP framework (eslint.config.js).
 */

/**
 * The session cookie carries only a random token; the database keeps its SHA-256, so a leaked
 * database does not leak usable sessions (docs/decisions/0002-sessions.md).
 */
export const sessionCookie = createCookie(servedOverHttps() ? "__Host-gv_session" : "gv_session", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: servedOverHttps(),
  maxAge: SESSION_ABSOLUTE_MS / 1000,
});

/** Remembers that a visitor closed the floating race widget, so the server stops rendering it. */
export const raceWidgetCookie = createCookie("gv_race_widget", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: servedOverHttps(),
  maxAge: 60 * 60 * 24 * 30,
});

/**
 * The pages' second sign-in step (docs/product.md §A10): a short-lived signed cookie naming the
 * account whose password was right (app/services/auth/two-step-sign-in.server.ts).
 */
export function twoStepCookie() {
  return createCookie("gv_two_step", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: servedOverHttps(),
    maxAge: PENDING_SIGN_IN_SECONDS,
    secrets: [sessionSecret()],
  });
}
