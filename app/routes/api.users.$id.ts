import { apiRoute } from "~/lib/json-api.server";
import { jsonPublicProfile } from "~/services/account-api.server";

const route = apiRoute({ GET: ({ request, params }) => jsonPublicProfile(request, params.id) });
export const loader = route.loader;
export const action = route.action;
