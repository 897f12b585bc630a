import type { LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/lib/json-api.server";
import { jsonPublicProfile } from "~/services/account-api.server";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  jsonPublicProfile(request, params.id);

export const action = () => methodNotAllowed(["GET"]);
