import { data } from "@remix-run/node";
import type { IntentReply } from "~/lib/intent";

export const UNKNOWN_ACTION_MESSAGE = "Unknown action";

/** The intent a page form posted, or null (the `switch` then reaches its default case). */
export function readIntent(form: FormData): string | null {
  const intent = form.get("intent");
  return typeof intent === "string" ? intent : null;
}

/** A form's reply that stays on the page (a refusal), with its status (and Retry-After). */
export function intentReply(reply: IntentReply, status: number, retryAfterSeconds?: number) {
  const headers: HeadersInit =
    retryAfterSeconds === undefined ? {} : { "Retry-After": String(retryAfterSeconds) };
  return data(reply, { status, headers });
}

/** The default case of every intent `switch`: 400, and no form claims the reply. */
export function unknownIntent() {
  return intentReply({ intent: null, message: UNKNOWN_ACTION_MESSAGE }, 400);
}
