import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/lib/json-api.server";
import { jsonSignOut } from "~/services/account-api.server";

export const loader = () => methodNotAllowed(["POST"]);

export const action = ({ request }: ActionFunctionArgs) => jsonSignOut(request);
