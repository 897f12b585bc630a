import { Link, useLocation } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import { authPath, REDIRECT_TO_PARAM } from "~/domain/auth-mode";
import { safeRedirect } from "~/lib/safe-redirect";

// The dialog (and the form library and schemas it brings) loads on the first click only, so
// pages that nobody signs in from do not pay for it.
const AuthDialog = lazy(() => import("./AuthDialog"));

/**
 * "Sign in": a link to the /auth page, which is all a browser without JavaScript needs; with
 * JavaScript it opens the same form as a dialog over the current page. Either comes back to this
 * page, or to the guarded page that sent the visitor here (its `redirectTo`, checked as every
 * client-chosen target is).
 */
export function SignInLink({ className }: { className: string }) {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const redirectTo = safeRedirect(
    new URLSearchParams(location.search).get(REDIRECT_TO_PARAM),
    location.pathname + location.search,
  );
  return (
    <>
      <Link
        to={authPath("login", redirectTo)}
        className={className}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        Sign in
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <AuthDialog redirectTo={redirectTo} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
