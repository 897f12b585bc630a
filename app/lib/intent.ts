import type { SubmissionResult } from "@conform-to/react";

/**
 * The one shape of a page action's data when the page has several forms. Each form posts an
 * `intent` (a hidden field or its submit button's value); the action `switch`es on it, each case
 * redirects or answers this, and the default case answers 400 `Unknown action` (intent.server).
 * A form shows a reply only when it answers its own intent (`replyTo`).
 */
export interface IntentReply {
  intent: string | null;
  result?: SubmissionResult<string[]>;
  message?: string;
}

/** The form reply meant for the form that posts `intent`, if the last action answered it. */
export function replyTo(
  actionData: IntentReply | undefined,
  intent: string,
): SubmissionResult<string[]> | undefined {
  return actionData?.intent === intent ? actionData.result : undefined;
}

/** The `id` field a refused form posted back in its reply (conform's initialValue), if any. */
export function postedId(values: Record<string, unknown> | null | undefined): string | undefined {
  const id = values?.id;
  return typeof id === "string" ? id : undefined;
}
