import { apiRoute } from "~/http/json-api.server";
import { jsonDecideLinkRequest } from "./api.admin.link-requests.server";

const route = apiRoute({
  POST: ({ request, params }) => jsonDecideLinkRequest(request, params.id, "reject"),
});
export const loader = route.loader;
export const action = route.action;
