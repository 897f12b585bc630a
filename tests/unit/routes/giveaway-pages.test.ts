import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertUser, uniqueName } from "../../factories";
import { routeAnswer } from "../../route-answer";
import type { RouteHandler } from "../../route-answer";
import * as adminPage from "~/routes/admin.giveaways";
import * as giveawayPage from "~/routes/giveaways.$id";
import * as proofPage from "~/routes/giveaways.$id_.proof";
import { db } from "~/services/db.server";
import { createSession } from "~/services/auth/sessions.server";

// The giveaway pages' forms (issue 34): bad input answers 400 and writes nothing, a second entry
// and a second draw answer 409, a visitor is sent to sign in, and the proof page is public.

let adminToken = "";
let memberToken = "";

beforeAll(async () => {
  await migrateToLatest(db);
  const adminId = await insertUser(db, { username: uniqueName("boss"), is_admin: 1 });
  adminToken = await createSession({ userId: adminId, userAgent: "vitest", ip: "127.0.0.1" });
  const memberId = await insertUser(db, { username: uniqueName("member") });
  memberToken = await createSession({ userId: memberId, userAgent: "vitest", ip: "127.0.0.1" });
});

beforeEach(async () => {
  for (const table of [
    "notifications",
    "email_outbox",
    "audit_log",
    "giveaway_entries",
    "giveaways",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
});

const post = (path: string, fields: Record<string, string>, token?: string) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: {
      "User-Agent": "vitest",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: new URLSearchParams(fields),
  });

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 16);

function create(fields: Record<string, string>) {
  return routeAnswer(
    adminPage.action as RouteHandler,
    post("/admin/giveaways", { intent: "create-giveaway", ...fields }, adminToken),
  );
}

async function createdId() {
  const answer = await create({
    title: "Page Drop",
    prize: "$50",
    entriesCloseAt: inAnHour(),
    winners: "1",
  });
  expect(answer.status).toBe(302);
  const { id } = await db.selectFrom("giveaways").select("id").executeTakeFirstOrThrow();
  return id;
}

describe("the admin page's forms", () => {
  it("refuses bad input with 400 and each field's message, writing nothing", async () => {
    const answer = await create({
      title: "",
      prize: "$50",
      entriesCloseAt: "soon",
      winners: "none",
      minWager: "-5",
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      fieldErrors: {
        title: ["Title is required"],
        entriesCloseAt: ["entriesCloseAt must be a date and time, such as 2026-12-01T18:00Z"],
        winners: ["winners must be a whole number"],
        minWager: ["minWager must be a number of dollars"],
      },
    });
    const past = await create({
      title: "Late",
      prize: "$5",
      entriesCloseAt: "2020-01-01T00:00",
      winners: "1",
    });
    expect(past.status).toBe(400);
    expect(past.data).toMatchObject({
      fieldErrors: { entriesCloseAt: ["entriesCloseAt must be in the future"] },
    });
    expect(await db.selectFrom("giveaways").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("audit_log").select("id").execute()).toEqual([]);
  });

  it("draws once: before entries close 409, then drawn, then 409 again", async () => {
    const id = await createdId();
    const draw = () =>
      routeAnswer(
        adminPage.action as RouteHandler,
        post("/admin/giveaways", { intent: "draw-giveaway", id: String(id) }, adminToken),
      );
    const entry = await routeAnswer(
      giveawayPage.action as RouteHandler,
      post(`/giveaways/${id}`, {}, memberToken),
      { id: String(id) },
    );
    expect(entry.status).toBe(302);
    expect(await draw()).toMatchObject({
      status: 409,
      data: { message: expect.stringContaining("Entries are still open") },
    });
    await db
      .updateTable("giveaways")
      .set({ entries_close_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await draw()).status).toBe(302);
    expect(await draw()).toMatchObject({
      status: 409,
      data: { message: expect.stringContaining("already been drawn") },
    });
    const proof = await routeAnswer(
      proofPage.loader as RouteHandler,
      new Request(`http://localhost/giveaways/${id}/proof`),
      { id: String(id) },
    );
    expect(proof.data).toMatchObject({
      check: { seedHashMatches: true, clientSeedMatches: true, winnersMatch: true },
    });
  });
});

describe("the entry form", () => {
  it("sends a visitor to sign in, and answers a second entry 409", async () => {
    const id = await createdId();
    const visitor = await routeAnswer(
      giveawayPage.action as RouteHandler,
      post(`/giveaways/${id}`, {}),
      { id: String(id) },
    );
    expect(visitor.status).toBe(302);
    expect(await db.selectFrom("giveaway_entries").select("id").execute()).toEqual([]);
    const enter = () =>
      routeAnswer(giveawayPage.action as RouteHandler, post(`/giveaways/${id}`, {}, memberToken), {
        id: String(id),
      });
    expect((await enter()).status).toBe(302);
    expect(await enter()).toMatchObject({
      status: 409,
      data: { message: "You have already entered this giveaway" },
    });
  });

  it("answers 404 for a giveaway that does not exist", async () => {
    const page = await routeAnswer(
      giveawayPage.loader as RouteHandler,
      new Request("http://localhost/giveaways/999"),
      { id: "999" },
    );
    expect(page.status).toBe(404);
    const proof = await routeAnswer(
      proofPage.loader as RouteHandler,
      new Request("http://localhost/giveaways/999/proof"),
      { id: "999" },
    );
    expect(proof.status).toBe(404);
  });
});
