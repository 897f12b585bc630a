import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/lib/json-api.server";
import { jsonChangePassword } from "~/services/account-api.server";

export const loader = () => methodNotAllowed(["POST"]);

export const action = ({ request }: ActionFunctionArgs) => jsonChangePassword(request);
