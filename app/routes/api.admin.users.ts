import type { LoaderFunctionArgs } from "@remix-run/node";
import type { AdminUserJson } from "~/domain/api-contract";
import { textOrEmpty } from "~/domain/api-contract";
import { apiRoute, jsonResponse } from "~/http/json-api.server";
import { listUsers } from "~/services/admin/admin-users.server";
import { requireApiAdmin } from "~/services/auth/auth.server";

/**
 * `GET /api/admin/users?q=&page=`: the docs/product.md §A3 user list, 25 a page. The body stays the spec's plain
 * list; the paging travels in headers (X-Total-Count, X-Page, X-Total-Pages).
 */
async function adminUsers({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const params = new URL(request.url).searchParams;
  const { users, window, total } = await listUsers(params.get("q") ?? "", params.get("page"));
  const body = users.map((user): AdminUserJson => ({
    id: user.id,
    username: user.username,
    email: textOrEmpty(user.email),
    isAdmin: user.isAdmin,
    createdAt: user.createdAt,
    lastLogin: user.lastLogin,
  }));
  return jsonResponse(body, {
    headers: {
      "Cache-Control": "no-store",
      "X-Total-Count": String(total),
      "X-Page": String(window.page),
      "X-Total-Pages": String(window.totalPages),
    },
  });
}

const route = apiRoute({ GET: adminUsers });
export const loader = route.loader;
export const action = route.action;
