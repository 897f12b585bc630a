import type { LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/lib/json-api.server";
import { currentAccountResponse } from "~/services/account-api.server";

/** The signed-in user (spec §3 "User"), or 401 `{message: 'Not authenticated'}`. */
export const loader = ({ request }: LoaderFunctionArgs) => currentAccountResponse(request);

export const action = () => methodNotAllowed(["GET"]);
