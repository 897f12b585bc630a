import type { Toast, ToastInput } from "./toast";

// Toasts raised in the browser (no server round trip). The Toaster shows the newest of these and
// the server's flash toast: one at a time, a new one replacing the old.
type Listener = (toast: Toast) => void;
const listeners = new Set<Listener>();
let counter = 0;

export function showToast(input: ToastInput): void {
  counter += 1;
  const toast: Toast = { ...input, id: `client-${counter}`, type: input.type ?? "default" };
  for (const listener of listeners) listener(toast);
}

export function onClientToast(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
