import { apiRoute } from "~/lib/json-api.server";
import { currentAccountResponse } from "~/services/account-api.server";

/** The signed-in user (docs/product.md §P3 "User"), or 401 `{message: 'Not authenticated'}`. */
const route = apiRoute({ GET: ({ request }) => currentAccountResponse(request) });
export const loader = route.loader;
export const action = route.action;
