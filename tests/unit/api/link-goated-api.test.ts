// The JSON twins of linking a Goated account (decision 0031): the user's request and the admin's
// approve/reject, through Remix's handler, with Bearer or cookie; bad input is a 4xx with a clear
// message and writes nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertPlayer, insertSession, insertUser, uniqueName } from "../../factories";
import {
  GOATED_USERNAME_NOT_FOUND,
  GOATED_USERNAME_REQUIRED,
  LINK_REQUEST_DECIDED,
  REQUEST_ALREADY_PENDING,
} from "~/domain/goated-link";
import { db } from "~/services/db.server";
import { apiFetch } from "./api-server";

async function bearer({ isAdmin = false } = {}) {
  const id = await insertUser(db, { username: uniqueName("api"), is_admin: isAdmin ? 1 : 0 });
  const { token } = await insertSession(db, id);
  return { id, headers: { Authorization: `Bearer ${token}` } };
}

async function post(path: string, headers: Record<string, string>, body?: unknown) {
  const response = await apiFetch(path, {
    method: "POST",
    headers: body === undefined ? headers : { ...headers, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const requestCount = async (userId: number) =>
  (
    await db
      .selectFrom("goated_link_requests")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow()
  ).n;

beforeAll(async () => {
  await migrateToLatest(db);
});

describe("POST /api/user/link-goated", () => {
  it("refuses signed-out callers, bad bodies and unknown names with 4xx, writing nothing", async () => {
    expect((await post("/api/user/link-goated", {}, { username: "x" })).status).toBe(401);
    const user = await bearer();
    const missing = await post("/api/user/link-goated", user.headers, {});
    expect(missing).toEqual({
      status: 400,
      json: {
        status: "error",
        message: GOATED_USERNAME_REQUIRED,
        errors: { username: [GOATED_USERNAME_REQUIRED] },
      },
    });
    expect((await post("/api/user/link-goated", user.headers, { username: [1] })).status).toBe(400);
    const unknown = await post("/api/user/link-goated", user.headers, { username: "NoSuchGoat" });
    expect(unknown).toMatchObject({ status: 404, json: { message: GOATED_USERNAME_NOT_FOUND } });
    expect(await requestCount(user.id)).toBe(0);
  });

  it("answers 201 with the pending request, then 409 for a second one", async () => {
    const name = uniqueName("ApiGoat");
    await insertPlayer(db, { name });
    const user = await bearer();
    const created = await post("/api/user/link-goated", user.headers, {
      username: name.toLowerCase(),
    });
    expect(created).toMatchObject({
      status: 201,
      json: {
        status: "success",
        request: { userId: user.id, goatedUsername: name, status: "pending" },
      },
    });
    const again = await post("/api/user/link-goated", user.headers, { username: name });
    expect(again).toMatchObject({ status: 409, json: { message: REQUEST_ALREADY_PENDING } });
  });
});

describe("POST /api/admin/link-requests/{id}/approve and /reject", () => {
  it("are for admins only; approving links the user, a decided request answers 409", async () => {
    const name = uniqueName("AdminGoat");
    const uid = await insertPlayer(db, { name, all_time: 50_000 });
    const user = await bearer();
    const created = await post("/api/user/link-goated", user.headers, { username: name });
    const id = (created.json.request as { id: number }).id;

    const approve = `/api/admin/link-requests/${id}/approve`;
    expect((await post(approve, {})).status).toBe(401);
    expect((await post(approve, user.headers)).status).toBe(403);
    const admin = await bearer({ isAdmin: true });
    expect((await post("/api/admin/link-requests/abc/approve", admin.headers)).status).toBe(404);
    expect((await post("/api/admin/link-requests/999999/reject", admin.headers)).status).toBe(404);

    const approved = await post(approve, admin.headers);
    expect(approved).toMatchObject({ status: 200, json: { request: { status: "approved" } } });
    const linked = await db
      .selectFrom("users")
      .select(["goated_id", "goated_username"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(linked).toEqual({ goated_id: uid, goated_username: name });
    const twice = await post(`/api/admin/link-requests/${id}/reject`, admin.headers);
    expect(twice).toMatchObject({ status: 409, json: { message: LINK_REQUEST_DECIDED } });
  });
});
