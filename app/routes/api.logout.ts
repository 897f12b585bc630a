import { apiRoute } from "~/lib/json-api.server";
import { jsonSignOut } from "~/services/account-api.server";

const route = apiRoute({ POST: ({ request }) => jsonSignOut(request) });
export const loader = route.loader;
export const action = route.action;
