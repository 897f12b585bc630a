import { apiRoute } from "~/lib/json-api.server";
import { jsonEndSession } from "~/services/account-api.server";

const route = apiRoute({
  POST: ({ request, params }) => jsonEndSession(request, params.id ?? ""),
});
export const loader = route.loader;
export const action = route.action;
