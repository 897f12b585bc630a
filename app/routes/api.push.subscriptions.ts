import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  PUSH_SUBSCRIPTION_NOT_FOUND,
  PUSH_SUBSCRIPTION_REMOVED,
  PUSH_SUBSCRIPTION_SAVED,
  pushEndpointSchema,
  pushSubscriptionSchema,
} from "~/domain/push";
import {
  apiError,
  apiRoute,
  jsonResponse,
  readJsonObject,
  validationFailure,
} from "~/http/json-api.server";
import { requireApiUser } from "~/services/auth/auth.server";
import {
  removePushSubscriptionByEndpoint,
  savePushSubscription,
} from "~/services/push/subscriptions.server";

async function subscribe({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const parsed = pushSubscriptionSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return validationFailure(parsed.error);
  await savePushSubscription(user.userId, parsed.data, request.headers.get("User-Agent"));
  return jsonResponse({ status: "success", message: PUSH_SUBSCRIPTION_SAVED }, { status: 201 });
}

async function unsubscribe({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const parsed = pushEndpointSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return validationFailure(parsed.error);
  if (!(await removePushSubscriptionByEndpoint(user.userId, parsed.data.endpoint))) {
    return apiError(404, PUSH_SUBSCRIPTION_NOT_FOUND);
  }
  return jsonResponse({ status: "success", message: PUSH_SUBSCRIPTION_REMOVED });
}

const route = apiRoute({ POST: subscribe, DELETE: unsubscribe });
export const loader = route.loader;
export const action = route.action;
