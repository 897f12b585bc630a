import { apiRoute } from "~/lib/json-api.server";
import { jsonChangePassword } from "~/services/account-api.server";

const route = apiRoute({ POST: ({ request, context }) => jsonChangePassword(request, context) });
export const loader = route.loader;
export const action = route.action;
