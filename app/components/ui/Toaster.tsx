import { useEffect, useState } from "react";
import { onClientToast } from "~/lib/client-toast";
import { TOAST_DURATION_MS } from "~/lib/toast";
import type { Toast } from "~/lib/toast";
import { CloseIcon } from "./icons";
import { useHydrated } from "./hooks";

const TONE: Record<Toast["type"], string> = {
  default: "border-accent bg-card",
  success: "border-success/60 bg-card",
  destructive: "border-destructive bg-destructive/15",
};

/**
 * Shows one toast at a time: the server's flash toast (so it appears after a full-page post
 * without JavaScript) or the newest raised in the browser. With JavaScript it is dismissed after
 * 5 s or by its close button; without, the CSS fades it out after the same 5 s.
 */
export function Toaster({ serverToast }: { serverToast: Toast | null }) {
  const [toast, setToast] = useState(serverToast);
  const [lastServerToastId, setLastServerToastId] = useState(serverToast?.id);
  const hydrated = useHydrated();

  // A new flash toast from the server (after a client-side submission) replaces the current one.
  if (serverToast && serverToast.id !== lastServerToastId) {
    setLastServerToastId(serverToast.id);
    setToast(serverToast);
  }
  useEffect(() => onClientToast(setToast), []);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-4 top-20 z-[70] flex justify-end sm:left-auto"
    >
      {toast ? (
        <div
          key={toast.id}
          role="status"
          data-toast-type={toast.type}
          className={`toast-auto-hide pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-xl ${TONE[toast.type]}`}
        >
          <div className="flex-1">
            <p className="font-semibold">{toast.title}</p>
            {toast.description ? (
              <p className="mt-1 text-sm text-muted">{toast.description}</p>
            ) : null}
          </div>
          {hydrated ? (
            <button
              type="button"
              aria-label="Dismiss notification"
              onClick={() => setToast(null)}
              className="rounded p-1 text-muted hover:text-white"
            >
              <CloseIcon className="h-4 w-4" />
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
