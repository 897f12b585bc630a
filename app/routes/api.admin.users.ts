import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/lib/json-api.server";
import { jsonAdminUsers } from "~/services/admin-users-api.server";

const route = apiRoute({ GET: ({ request }: LoaderFunctionArgs) => jsonAdminUsers(request) });
export const loader = route.loader;
export const action = route.action;
