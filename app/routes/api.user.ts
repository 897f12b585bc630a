import type { LoaderFunctionArgs } from "@remix-run/node";
import { accountJson } from "~/domain/api-json";
import { apiError, apiRoute, jsonResponse } from "~/http/json-api.server";
import { NOT_AUTHENTICATED_MESSAGE, requireApiUser } from "~/services/auth/auth.server";
import { getAccount } from "~/services/auth/users.server";

/** The signed-in user (docs/product.md §P3 "User"), or 401 `{message: 'Not authenticated'}`. */
async function currentAccount({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const account = await getAccount(user.userId);
  if (!account) return apiError(401, NOT_AUTHENTICATED_MESSAGE);
  return jsonResponse(accountJson(account));
}

const route = apiRoute({ GET: currentAccount });
export const loader = route.loader;
export const action = route.action;
