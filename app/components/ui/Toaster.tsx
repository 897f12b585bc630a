import { useEffect, useState } from "react";
import { onClientToast } from "~/lib/client-toast";
import { TOAST_DURATION_MS } from "~/lib/toast";
import type { Toast } from "~/lib/toast";
import { CloseIcon } from "./icons";
import { useHydrated } from "./hooks";

// Opaque surfaces, so a toast reads the same over any banner or picture; an error's is a dark red
// on which the muted description keeps axe's 4.5:1.
const TONE: Record<Toast["type"], string> = {
  default: "border-accent bg-card",
  success: "border-success bg-card",
  destructive: "border-destructive bg-[#2B1416]",
};

/**
 * Shows one toast at a time: the server's flash toast (so it appears after a full-page post
 * without JavaScript) or the newest raised in the browser. With JavaScript it is dismissed after
 * 5 s or by its close button; without, the CSS fades it out after the same 5 s. Screen readers
 * hear it from one of two live regions that are always in the page: errors at once (assertive),
 * everything else politely.
 */
export function Toaster({ serverToast }: { serverToast: Toast | null }) {
  const [toast, setToast] = useState(serverToast);
  const [lastServerToastId, setLastServerToastId] = useState(serverToast?.id);

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

  const dismiss = () => setToast(null);
  const urgent = toast?.type === "destructive";
  return (
    <div className="pointer-events-none fixed inset-x-4 top-20 z-[70] flex flex-col items-end sm:left-auto">
      <div aria-live="polite" className="w-full max-w-sm">
        {toast && !urgent ? (
          <ToastCard key={toast.id} toast={toast} politeness="polite" onDismiss={dismiss} />
        ) : null}
      </div>
      <div aria-live="assertive" className="w-full max-w-sm">
        {toast && urgent ? (
          <ToastCard key={toast.id} toast={toast} politeness="assertive" onDismiss={dismiss} />
        ) : null}
      </div>
    </div>
  );
}

function ToastCard({
  toast,
  politeness,
  onDismiss,
}: {
  toast: Toast;
  politeness: "polite" | "assertive";
  onDismiss: () => void;
}) {
  const hydrated = useHydrated();
  return (
    <div
      role="status"
      aria-live={politeness}
      data-toast-type={toast.type}
      className={`toast-auto-hide pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 text-white shadow-xl ${TONE[toast.type]}`}
    >
      <div className="flex-1">
        <p className="font-bold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm text-muted">{toast.description}</p> : null}
      </div>
      {hydrated ? (
        <button
          type="button"
          aria-label="Dismiss notification"
          onClick={onDismiss}
          className="rounded p-1 text-muted hover:text-white"
        >
          <CloseIcon className="h-4 w-4" />
        </button>
      ) : null}
    </div>
  );
}
