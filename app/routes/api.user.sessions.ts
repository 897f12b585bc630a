import type { LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/lib/json-api.server";
import { jsonListSessions } from "~/services/account-api.server";

export const loader = ({ request }: LoaderFunctionArgs) => jsonListSessions(request);

export const action = () => methodNotAllowed(["GET"]);
