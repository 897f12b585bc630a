import { z } from "zod";
import { DEFAULT_AUDIENCE, NOTIFICATION_AUDIENCES } from "./notifications";
import { hasControlOrLoneSurrogate } from "./text";

/**
 * The admin notification form's rules (docs/product.md §A5), shared by /admin/notifications (on
 * the server and in the browser) and POST /api/admin/notifications/send. A separate module from
 * ./notifications so zod stays out of the root bundle.
 */
export const TITLE_MAX = 120;
export const MESSAGE_MAX = 2000;

const NO_CONTROL_CHARACTERS = "Remove control characters and broken characters from this text";

export const broadcastSchema = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(TITLE_MAX, `Keep the title under ${TITLE_MAX} characters`)
    .refine((value) => !hasControlOrLoneSurrogate(value), NO_CONTROL_CHARACTERS),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(MESSAGE_MAX, `Keep the message under ${MESSAGE_MAX.toLocaleString("en-US")} characters`)
    .refine((value) => !hasControlOrLoneSurrogate(value, { lineBreaks: "allowed" }), {
      message: NO_CONTROL_CHARACTERS,
    }),
  audience: z
    .enum(NOTIFICATION_AUDIENCES, { error: "Audience must be promotional or all" })
    .default(DEFAULT_AUDIENCE),
});

export type BroadcastInput = z.infer<typeof broadcastSchema>;
