// Shared by server and browser; keep it free of runtime libraries (zod stays out of the root
// bundle, which every page loads).
export const TOAST_TYPES = ["default", "success", "destructive"] as const;

export interface Toast {
  id: string;
  type: (typeof TOAST_TYPES)[number];
  title: string;
  description?: string;
}

export type ToastInput = Omit<Toast, "id" | "type"> & { type?: Toast["type"] };

/** Toasts are dismissed after this long when JavaScript runs (docs/product.md §P9: toast display 5000 ms). */
export const TOAST_DURATION_MS = 5000;
