import { apiRoute } from "~/http/json-api.server";
import { jsonChatHistory } from "./api.chat.server";

const route = apiRoute({ GET: ({ request }) => jsonChatHistory(request) });
export const loader = route.loader;
export const action = route.action;
