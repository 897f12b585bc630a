import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, jsonResponse } from "~/http/json-api.server";
import { signOut } from "~/services/auth/authentication.server";

async function jsonSignOut({ request }: LoaderFunctionArgs) {
  return jsonResponse(
    { status: "success", message: "Logged out" },
    { headers: await signOut(request) },
  );
}

const route = apiRoute({ POST: jsonSignOut });
export const loader = route.loader;
export const action = route.action;
