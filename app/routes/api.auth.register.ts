import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/http/json-api.server";
import { jsonAuthenticate } from "./api.auth.server";

const route = apiRoute({
  POST: ({ request, context }: LoaderFunctionArgs) =>
    jsonAuthenticate("register", request, context),
});
export const loader = route.loader;
export const action = route.action;
