import { apiError } from "~/http/json-api.server";

/** Any /api/ path no other route matches, by any method: a JSON 404, never the HTML page. */
export const loader = () => apiError(404, "No API endpoint at this path");
export const action = loader;
