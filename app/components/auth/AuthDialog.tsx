import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CloseIcon } from "~/components/ui/icons";
import type { AuthMode } from "~/domain/auth-mode";
import { AuthForm } from "./AuthForm";

/**
 * The login/register form as a modal over the current page (docs/product.md §P4 "Auth dialog"). A successful
 * sign-in redirects, which is a navigation: the dialog closes on it.
 */
export default function AuthDialog({
  redirectTo,
  onClose,
}: {
  redirectTo: string;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [mode, setMode] = useState<AuthMode>("login");
  const location = useLocation();
  const openedAt = useRef(location.key);

  useEffect(() => {
    ref.current?.showModal();
  }, []);

  useEffect(() => {
    if (location.key !== openedAt.current) onClose();
  }, [location.key, onClose]);

  const registering = mode === "register";
  return (
    <dialog
      ref={ref}
      aria-labelledby="auth-dialog-title"
      onClose={onClose}
      className="w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-accent bg-card p-0 text-white backdrop:bg-black/70"
    >
      <div className="p-6 sm:p-8">
        <div className="mb-6 flex items-start justify-between gap-4">
          <h2
            id="auth-dialog-title"
            className="font-display text-3xl font-bold uppercase text-primary"
          >
            {registering ? "Create Account" : "Sign In"}
          </h2>
          <button
            type="button"
            onClick={() => ref.current?.close()}
            aria-label="Close"
            className="rounded-md p-1 text-muted hover:text-white"
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>
        <AuthForm key={mode} mode={mode} redirectTo={redirectTo} />
        <p className="mt-6 text-center text-sm text-muted">
          {registering ? "Already have an account? " : "No account yet? "}
          <button
            type="button"
            onClick={() => setMode(registering ? "login" : "register")}
            className="font-bold text-primary underline-offset-4 hover:underline"
          >
            {registering ? "Sign in" : "Create one"}
          </button>
        </p>
      </div>
    </dialog>
  );
}
