import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CHANNEL_MESSAGES, communityChannelsJson } from "~/domain/community-channels";
import { communityChannelsInputSchema } from "~/domain/community-channels-form";
import { apiError, apiRoute, readJsonObject, validationFailure } from "~/http/json-api.server";
import { requireApiAdmin } from "~/services/auth/auth.server";
import {
  channelSettingsView,
  saveChannelSettings,
} from "~/services/notifications/community-channels.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET: the channels' settings, each secret as its last 4 characters (docs/decisions/0078). */
async function show({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(communityChannelsJson(await channelSettingsView()), { headers: NO_STORE });
}

/**
 * PUT {discord?: {webhookUrl, events}, telegram?: {botToken, chatId, events}}: saves them with
 * their audit rows, all or nothing; 400 with the first problem and every field's.
 */
async function save({ request }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request);
  const parsed = communityChannelsInputSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return validationFailure(parsed.error);
  const outcome = await saveChannelSettings(admin, parsed.data);
  if (!outcome.ok) return apiError(400, outcome.message, { [outcome.field]: [outcome.message] });
  const message = outcome.removed ? CHANNEL_MESSAGES.removed : CHANNEL_MESSAGES.saved;
  return Response.json(
    { status: "success", message, ...communityChannelsJson(outcome.view) },
    { headers: NO_STORE },
  );
}

const route = apiRoute({ GET: show, PUT: save });
export const loader = route.loader;
export const action = route.action;
