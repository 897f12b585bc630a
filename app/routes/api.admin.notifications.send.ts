import type { LoaderFunctionArgs } from "@remix-run/node";
import { broadcastSchema } from "~/domain/notification-broadcast";
import { NO_RECIPIENTS_MESSAGE, NOTIFICATION_SENT } from "~/domain/notifications";
import { apiError, apiRoute, readJsonObject, validationFailure } from "~/http/json-api.server";
import { requireApiAdmin } from "~/services/auth/auth.server";
import { sendBroadcast } from "~/services/notifications/notification-broadcasts.server";

/**
 * POST {title, message, audience?}: sends an admin notification (docs/product.md §A7), as the
 * /admin/notifications form does; audience is "promotional" (the default) or "all".
 */
async function send({ request }: LoaderFunctionArgs) {
  const admin = await requireApiAdmin(request);
  const parsed = broadcastSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return validationFailure(parsed.error);
  const outcome = await sendBroadcast(parsed.data, {
    userId: admin.userId,
    username: admin.username,
  });
  if ("noRecipients" in outcome) return apiError(409, NO_RECIPIENTS_MESSAGE);
  const { id, createdAt, title, message, audience, delivered } = outcome.sent;
  return Response.json({
    status: "success",
    message: NOTIFICATION_SENT.description,
    notification: { id, createdAt, title, message, audience, delivered },
  });
}

const route = apiRoute({ POST: send });
export const loader = route.loader;
export const action = route.action;
