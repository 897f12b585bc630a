import { apiRoute } from "~/lib/json-api.server";
import { jsonChatHistory } from "~/services/support-chat-api.server";

const route = apiRoute({ GET: ({ request }) => jsonChatHistory(request) });
export const loader = route.loader;
export const action = route.action;
