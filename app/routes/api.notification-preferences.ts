import { apiRoute } from "~/lib/json-api.server";
import { jsonReadPreferences, jsonSavePreferences } from "~/services/account-api.server";

const route = apiRoute({
  GET: ({ request }) => jsonReadPreferences(request),
  POST: ({ request }) => jsonSavePreferences(request),
});
export const loader = route.loader;
export const action = route.action;
