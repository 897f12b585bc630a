import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";
import { useSubmittingIntent } from "~/components/ui/hooks";
import { FormAlert, SubmitButton, TextAreaField, TextField } from "~/components/ui/form";
import { broadcastSchema, MESSAGE_MAX, TITLE_MAX } from "~/domain/notification-broadcast";
import {
  AUDIENCE_LABELS,
  DEFAULT_AUDIENCE,
  NOTIFICATION_AUDIENCES,
  NOTIFICATION_FAILED,
} from "~/domain/notifications";
import type { NotificationAudience } from "~/domain/notifications";

/** The two submit buttons of the form: look first, or send. */
export const PREVIEW_INTENT = "preview";
export const SEND_INTENT = "send";

/**
 * The admin notification form (docs/product.md §A2 "Notifications"): title, message, audience,
 * 'Preview' (the page shows the notification as users will see it, the form keeps its values) and
 * 'Send Notification'. Works without JavaScript; with it, fields are checked as they are left.
 */
export function BroadcastForm({
  lastResult,
  failure,
  audienceSizes,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  /** Why the last send failed, shown above the form. */
  failure: string | null;
  audienceSizes: Record<NotificationAudience, number>;
}) {
  const [form, fields] = useForm({
    id: "broadcast",
    lastResult,
    defaultValue: { audience: DEFAULT_AUDIENCE },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: broadcastSchema }),
  });
  const sending = useSubmittingIntent(SEND_INTENT);
  const chosen = fields.audience.initialValue ?? DEFAULT_AUDIENCE;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-6 space-y-4 rounded-xl border border-accent bg-card p-5"
    >
      <FormAlert
        title={NOTIFICATION_FAILED}
        messages={failure ? [failure] : form.errors?.length ? form.errors : undefined}
      />
      <TextField
        label="Title"
        maxLength={TITLE_MAX}
        errors={fields.title.errors}
        {...getInputProps(fields.title, { type: "text" })}
      />
      <TextAreaField
        label="Message"
        rows={5}
        maxLength={MESSAGE_MAX}
        errors={fields.message.errors}
        {...getTextareaProps(fields.message)}
      />
      <fieldset>
        <legend className="mb-1 block text-sm font-bold">Audience</legend>
        {NOTIFICATION_AUDIENCES.map((audience) => (
          <label key={audience} className="flex cursor-pointer items-center gap-2 py-1">
            <input
              type="radio"
              name={fields.audience.name}
              value={audience}
              defaultChecked={chosen === audience}
              className="h-4 w-4 accent-[#D7FF00]"
            />
            {AUDIENCE_LABELS[audience]} ({audienceSizes[audience].toLocaleString("en-US")})
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          name="intent"
          value={PREVIEW_INTENT}
          className={`${SECONDARY_BUTTON} px-5 py-2.5`}
        >
          Preview
        </button>
        <SubmitButton busy={sending} busyLabel="Sending..." name="intent" value={SEND_INTENT}>
          Send Notification
        </SubmitButton>
      </div>
    </Form>
  );
}
