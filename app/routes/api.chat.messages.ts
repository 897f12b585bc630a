import { apiRoute } from "~/http/json-api.server";
import { jsonSendChatMessage } from "./api.chat.server";

const route = apiRoute({ POST: ({ request }) => jsonSendChatMessage(request) });
export const loader = route.loader;
export const action = route.action;
