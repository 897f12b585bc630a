import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/lib/json-api.server";
import { jsonAdminLogin } from "~/services/admin-login.server";

const route = apiRoute({
  POST: ({ request, context }: LoaderFunctionArgs) => jsonAdminLogin(request, context),
});
export const loader = route.loader;
export const action = route.action;
