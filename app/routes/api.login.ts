import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/lib/json-api.server";
import { jsonAuthenticate } from "~/services/account-api.server";

export const loader = () => methodNotAllowed(["POST"]);

export const action = ({ request, context }: ActionFunctionArgs) =>
  jsonAuthenticate("login", request, context);
