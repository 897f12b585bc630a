import { useEffect, useState } from "react";
import { COPY_CONFIRMATION_MS } from "~/domain/bonus-codes";
import { showToast } from "~/lib/client-toast";

/**
 * Copies a bonus code and says 'Copied!' for 2 s. Rendered only once JavaScript runs: without it
 * the code is plain text to select.
 */
export function CopyCodeButton({ code, disabled }: { code: string; disabled: boolean }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      showToast({
        title: "Could not copy",
        description: "Select the code and copy it by hand.",
        type: "destructive",
      });
    }
  };

  return (
    <button
      type="button"
      onClick={() => void copy()}
      disabled={disabled}
      className="min-w-24 rounded-md border border-accent px-3 py-2 text-sm font-bold hover:border-primary hover:text-primary disabled:cursor-not-allowed disabled:text-muted disabled:hover:border-accent"
    >
      {/* The name says which code; the live text says when it was copied. */}
      <span aria-live="polite">{copied ? "Copied!" : "Copy"}</span>
      <span className="sr-only">
        {" "}
        {code}
        {disabled ? " (expired)" : ""}
      </span>
    </button>
  );
}
