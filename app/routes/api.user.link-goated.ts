import { apiRoute } from "~/lib/json-api.server";
import { jsonRequestGoatedLink } from "~/services/goated-link-api.server";

/** Asks to link the signed-in user's Goated account (decision 0031); an admin decides. */
const route = apiRoute({ POST: ({ request }) => jsonRequestGoatedLink(request) });
export const loader = route.loader;
export const action = route.action;
