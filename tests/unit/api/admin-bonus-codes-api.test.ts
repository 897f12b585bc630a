// GET|POST|PUT /api/admin/bonus-codes and DELETE /api/admin/bonus-codes/{id} (issue 16,
// docs/product.md §A7): admins only (401 signed out, 403 for a member), 400 with field errors, 404
// for an unknown id, 409 for a code that exists, each change with its audit row.
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertSession, insertUser, uniqueName } from "../../factories";
import { apiErrorSchema } from "~/domain/api-contract";
import { db } from "~/services/db.server";
import { apiFetch } from "./api-server";

const tokens = { admin: "", member: "" };

beforeAll(async () => {
  await migrateToLatest(db);
  const adminId = await insertUser(db, { username: uniqueName("codeAdmin"), is_admin: 1 });
  const memberId = await insertUser(db, { username: uniqueName("codeMember") });
  tokens.admin = (await insertSession(db, adminId)).token;
  tokens.member = (await insertSession(db, memberId)).token;
});

type Who = keyof typeof tokens | "anonymous";

async function call(who: Who, method: string, path: string, json?: unknown) {
  const headers = new Headers();
  if (who !== "anonymous") headers.set("Authorization", `Bearer ${tokens[who]}`);
  if (json !== undefined) headers.set("Content-Type", "application/json");
  const response = await apiFetch(path, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const fields = {
  code: "api-goat",
  description: "An API code",
  value: "$10 Bonus",
  expiresAt: "2030-05-01T12:00:00Z",
};

describe("the admin bonus-code API", () => {
  it("answers 401 signed out and 403 to a member on every call, writing nothing", async () => {
    const calls = [
      ["GET", "/api/admin/bonus-codes", undefined],
      ["POST", "/api/admin/bonus-codes", fields],
      ["PUT", "/api/admin/bonus-codes", { ...fields, id: 1 }],
      ["DELETE", "/api/admin/bonus-codes/1", undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      const signedOut = await call("anonymous", method, path, body);
      expect(signedOut, `${method} ${path}`).toEqual({
        status: 401,
        json: { status: "error", message: "Not authenticated" },
      });
      const member = await call("member", method, path, body);
      expect(member.status, `${method} ${path}`).toBe(403);
      apiErrorSchema.parse(member.json);
    }
    const stored = await db.selectFrom("bonus_codes").select("code").execute();
    expect(stored.map((row) => row.code)).not.toContain("API-GOAT");
    expect(
      await db.selectFrom("bonus_codes").select("id").where("id", "=", 1).executeTakeFirst(),
    ).toBeDefined();
  });

  it("creates, lists, updates and deletes a code for an admin", async () => {
    const created = await call("admin", "POST", "/api/admin/bonus-codes", fields);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      status: "success",
      message: "Bonus code created successfully",
      bonusCode: { code: "API-GOAT", expiresAt: "2030-05-01T12:00:00.000Z", expired: false },
    });
    const id = (created.json.bonusCode as { id: number }).id;

    const list = await call("admin", "GET", "/api/admin/bonus-codes");
    expect(list.status).toBe(200);
    const codes = list.json as unknown as Array<{ code: string; expired: boolean }>;
    // Usable codes first.
    expect(codes[0]).toMatchObject({ code: "API-GOAT", expired: false });
    expect(codes.map((c) => c.code)).toEqual(
      expect.arrayContaining(["GOATEDVIPS25", "NEWYEARGOAT"]),
    );

    const updated = await call("admin", "PUT", "/api/admin/bonus-codes", {
      ...fields,
      id,
      value: "$15 Bonus",
    });
    expect(updated).toMatchObject({
      status: 200,
      json: { message: "Bonus code updated successfully", bonusCode: { id, value: "$15 Bonus" } },
    });

    const deleted = await call("admin", "DELETE", `/api/admin/bonus-codes/${id}`);
    expect(deleted).toEqual({
      status: 200,
      json: { status: "success", message: "Bonus code deleted successfully" },
    });
    const kinds = await db
      .selectFrom("audit_log")
      .select("kind")
      .where("subject", "=", `bonus_code:${id}`)
      .orderBy("id")
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual([
      "bonus_code.created",
      "bonus_code.updated",
      "bonus_code.deleted",
    ]);
  });

  it("answers 400 with every field's errors", async () => {
    const bad = await call("admin", "POST", "/api/admin/bonus-codes", {
      code: "not ok!",
      value: "",
      expiresAt: "2030-02-30T00:00",
    });
    expect(bad).toEqual({
      status: 400,
      json: {
        status: "error",
        message: "Code may contain only letters, digits, - and _",
        errors: {
          code: ["Code may contain only letters, digits, - and _"],
          description: ["Description is required"],
          value: ["Value is required"],
          expiresAt: ["Expiry date must be a real calendar date and time"],
        },
      },
    });
    const withoutId = await call("admin", "PUT", "/api/admin/bonus-codes", fields);
    expect(withoutId).toMatchObject({ status: 400, json: { message: "id is required" } });
    const notJson = await apiFetch("/api/admin/bonus-codes", {
      method: "POST",
      headers: { Authorization: `Bearer ${tokens.admin}`, "Content-Type": "application/json" },
      body: "{nope",
    });
    expect(notJson.status).toBe(400);
  });

  it("answers 404 for an unknown id and 409 for a code that exists", async () => {
    const missing = { status: 404, json: { status: "error", message: "Bonus code not found" } };
    expect(await call("admin", "DELETE", "/api/admin/bonus-codes/987654")).toEqual(missing);
    expect(await call("admin", "DELETE", "/api/admin/bonus-codes/abc")).toEqual(missing);
    expect(await call("admin", "PUT", "/api/admin/bonus-codes", { ...fields, id: 987654 })).toEqual(
      missing,
    );

    const first = await call("admin", "POST", "/api/admin/bonus-codes", {
      ...fields,
      code: "dup-1",
    });
    expect(first.status).toBe(201);
    const duplicate = await call("admin", "POST", "/api/admin/bonus-codes", {
      ...fields,
      code: "DUP-1",
    });
    expect(duplicate).toEqual({
      status: 409,
      json: {
        status: "error",
        message: "This code already exists",
        errors: { code: ["This code already exists"] },
      },
    });
    const other = await call("admin", "POST", "/api/admin/bonus-codes", {
      ...fields,
      code: "dup-2",
    });
    const renamed = await call("admin", "PUT", "/api/admin/bonus-codes", {
      ...fields,
      id: (other.json.bonusCode as { id: number }).id,
      code: "dup-1",
    });
    expect(renamed.status).toBe(409);
  });
});
