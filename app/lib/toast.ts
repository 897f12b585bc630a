import { z } from "zod";

export const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["default", "success", "destructive"]),
  title: z.string(),
  description: z.string().optional(),
});

export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = Omit<Toast, "id" | "type"> & { type?: Toast["type"] };

/** Toasts are dismissed after this long when JavaScript runs (spec §9: toast display 5000 ms). */
export const TOAST_DURATION_MS = 5000;
