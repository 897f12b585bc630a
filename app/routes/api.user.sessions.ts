import { apiRoute } from "~/lib/json-api.server";
import { jsonListSessions } from "~/services/account-api.server";

const route = apiRoute({ GET: ({ request }) => jsonListSessions(request) });
export const loader = route.loader;
export const action = route.action;
