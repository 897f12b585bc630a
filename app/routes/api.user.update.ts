import { apiRoute } from "~/lib/json-api.server";
import { jsonUpdateProfile } from "~/services/account-api.server";

const route = apiRoute({ POST: ({ request }) => jsonUpdateProfile(request) });
export const loader = route.loader;
export const action = route.action;
