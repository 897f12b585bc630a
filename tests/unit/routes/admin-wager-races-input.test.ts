import { sql } from "kysely";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertUser } from "../../factories";
import { routeAnswer } from "../../route-answer";
import type { RouteHandler } from "../../route-answer";
import * as adminPage from "~/routes/admin.wager-races";
import * as adminApi from "~/routes/api.admin.wager-races";
import * as adminStatusApi from "~/routes/api.admin.wager-races.$id.status";
import { db } from "~/services/db.server";
import { ensureMonthlyRace } from "~/services/races/race-store.server";
import { createSession } from "~/services/auth/sessions.server";

// Hostile race input through both doors: the admin page's form action and the admin JSON API.
// Each refusal is a 4xx with a field message, and nothing is written.

let token = "";

beforeAll(async () => {
  await migrateToLatest(db);
  const adminId = await insertUser(db, { username: "boss", created_at: "2026-11-01", is_admin: 1 });
  token = await createSession({ userId: adminId, userAgent: "vitest", ip: "127.0.0.1" });
});

beforeEach(async () => {
  await db.deleteFrom("races").execute();
});

type Handler = RouteHandler;

/** The answer of a route action, a Response's JSON (or text) as `body`. */
async function answer(handler: Handler, request: Request, params: Record<string, string> = {}) {
  const { status, response, data } = await routeAnswer(handler, request, params);
  if (!response) return { status, body: data };
  const text = await response.text();
  const isJson = /json/.test(response.headers.get("Content-Type") ?? "");
  return { status, body: text && isJson ? (JSON.parse(text) as unknown) : text };
}

const headers = () => ({ Authorization: `Bearer ${token}` });

function postForm(fields: Record<string, string>) {
  const body = new URLSearchParams({ intent: "save", ...fields });
  return answer(
    adminPage.action as Handler,
    new Request("http://localhost/admin/wager-races", { method: "POST", headers: headers(), body }),
  );
}

function sendJson(method: "POST" | "PUT", body: unknown, path = "/api/admin/wager-races") {
  return answer(
    adminApi.action as Handler,
    new Request(`http://localhost${path}`, {
      method,
      headers: { ...headers(), "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
}

const formFields = {
  title: "Weekend Blitz",
  type: "weekend",
  status: "upcoming",
  prizePool: "200",
  minWager: "100",
  startDate: "2026-11-21T00:00",
  endDate: "2026-11-23T00:00",
  first: "50",
  second: "15",
  third: "10",
};
const apiFields = {
  title: "Weekend Blitz",
  type: "weekend",
  status: "upcoming",
  prizePool: 200,
  minWager: 100,
  startDate: "2026-11-21T00:00:00Z",
  endDate: "2026-11-23T00:00:00Z",
};

const raceCount = async () => (await db.selectFrom("races").select("id").execute()).length;

/** The field messages of a refused page submission or API call. */
function fieldErrors(body: unknown): Record<string, string[]> {
  const value = body as { result?: { error?: Record<string, string[]> }; errors?: object };
  return (value.result?.error ?? value.errors ?? {}) as Record<string, string[]>;
}

const hostileCases: Array<{
  name: string;
  /** Null where a form body cannot carry the value (percent-decoding makes a lone surrogate U+FFFD). */
  form: Record<string, string> | null;
  api: Record<string, unknown>;
  /** Null where the whole request is refused before validation (app/lib/storable-text.ts). */
  field: string | null;
  message: RegExp;
}> = [
  {
    name: "a day that the month does not have",
    form: { startDate: "2026-02-30T00:00", endDate: "2026-03-05T00:00" },
    api: { startDate: "2026-02-30", endDate: "2026-03-05" },
    field: "startDate",
    message: /real calendar date/,
  },
  {
    name: "an hour that the day does not have",
    form: { endDate: "2026-11-23T24:00" },
    api: { endDate: "2026-11-23T24:00:00Z" },
    field: "endDate",
    message: /real calendar date/,
  },
  {
    name: "year 0000",
    form: { startDate: "0000-01-01T00:00" },
    api: { startDate: "0000-01-01T00:00:00Z" },
    field: "startDate",
    message: /years 2020 to 2100/,
  },
  {
    name: "a year after 2100",
    form: { endDate: "2101-01-01T00:00" },
    api: { endDate: "2101-01-01T00:00:00Z" },
    field: "endDate",
    message: /years 2020 to 2100/,
  },
  {
    name: "a minimum wager of 1e300",
    form: { minWager: "1e300" },
    api: { minWager: 1e300 },
    field: "minWager",
    message: /at most \$1,000,000,000/,
  },
  {
    name: "a NUL in the title",
    form: { title: "Blitz\u0000" },
    api: { title: "Blitz\u0000" },
    field: null,
    message: /cannot be stored/,
  },
  {
    name: "a lone surrogate in the title",
    form: null,
    api: { title: "Blitz \uD83D" },
    field: null,
    message: /cannot be stored/,
  },
  {
    name: "an escape character in the rules",
    form: { rules: "Wager \u001b[31m" },
    api: { rules: "Wager \u001b[31m" },
    field: "rules",
    message: /control characters/,
  },
];

describe("hostile race input", () => {
  for (const { name, form, api, field, message } of hostileCases) {
    it(`is refused with a field message on the page and in the API: ${name}`, async () => {
      const refusal = (body: unknown) =>
        field === null
          ? typeof body === "string"
            ? body
            : (body as { message?: string }).message
          : fieldErrors(body)[field]?.join(" ");
      if (form) {
        const page = await postForm({ ...formFields, ...form });
        expect(page.status).toBe(400);
        expect(refusal(page.body)).toMatch(message);
      }

      const created = await sendJson("POST", { ...apiFields, ...api });
      expect(created.status).toBe(400);
      expect(refusal(created.body)).toMatch(message);
      expect(await raceCount()).toBe(0);
    });
  }

  it("keeps line breaks in the rules and accepts a leap day", async () => {
    const page = await postForm({
      ...formFields,
      startDate: "2028-02-29T00:00",
      endDate: "2028-03-01T00:00",
      rules: "Line one\r\nLine two\tend",
    });
    expect(page.status).toBe(302);
    const race = await db.selectFrom("races").selectAll().executeTakeFirstOrThrow();
    expect(race).toMatchObject({
      start_date: "2028-02-29T00:00:00.000Z",
      rules: "Line one\r\nLine two\tend",
    });
  });
});

describe("an admin's split pays the whole pool", () => {
  it("is refused with what is left or what is too much unless it adds up to 100%, nothing written", async () => {
    const short = await sendJson("POST", { ...apiFields, prizeDistribution: { 1: 60, 2: 30 } });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      message: "The shares must add up to 100%: 10% is left to share",
    });
    const spec = { 1: 42.5, 2: 20, 3: 15, 4: 7.5, 5: 6, 6: 4, 7: 2.75, 8: 2.25, 9: 1.75, 10: 1.75 };
    const over = await sendJson("POST", { ...apiFields, prizeDistribution: spec });
    expect(over.status).toBe(400);
    expect(fieldErrors(over.body).prizeDistribution).toEqual([
      "The shares must add up to 100%: they add up to 103.5%, 3.5% too much",
    ]);
    expect(await raceCount()).toBe(0);

    const created = await sendJson("POST", { ...apiFields, prizeDistribution: { 1: 70, 2: 30 } });
    expect(created.status).toBe(201);
    const id = (created.body as { race: { id: number } }).race.id;
    const update = await sendJson("PUT", {
      ...apiFields,
      id,
      title: "Changed",
      prizeDistribution: spec,
    });
    expect(update.status).toBe(400);
    const stored = await db.selectFrom("races").selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ title: "Weekend Blitz", prize_distribution: '{"1":70,"2":30}' });

    const page = await postForm({ ...formFields, first: "60", second: "30", third: "20" });
    expect(page.status).toBe(400);
    expect(fieldErrors(page.body).third).toEqual([
      "Positions 1 to 3 cannot share more than 100% of the pool",
    ]);
    expect(await raceCount()).toBe(1);
  });

  it("previews the form's prizes without saving anything", async () => {
    const preview = await postForm({ ...formFields, intent: "preview", first: "60" });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      intent: "save",
      result: { initialValue: { first: "60", prizePool: "200" } },
    });
    expect(fieldErrors(preview.body)).toEqual({});
    expect(await raceCount()).toBe(0);

    const refused = await postForm({ ...formFields, intent: "preview", prizePool: "0" });
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused.body).prizePool).toEqual(["Prize pool must be greater than 0"]);
  });
});

describe("a completed race's sealed result (docs/decisions/0063)", () => {
  it("answers 409 to an edit of its pool in the API and on the page; its title still changes", async () => {
    const created = await sendJson("POST", { ...apiFields, status: "completed" });
    expect(created.status).toBe(201);
    const id = (created.body as { race: { id: number } }).race.id;
    const api = await sendJson("PUT", { ...apiFields, id, status: "completed", prizePool: 300 });
    expect(api.status).toBe(409);
    expect(api.body).toMatchObject({ message: expect.stringContaining("result sealed") as string });
    const page = await postForm({
      ...formFields,
      id: String(id),
      status: "completed",
      prizePool: "300",
    });
    expect(page.status).toBe(409);
    expect(fieldErrors(page.body).status?.join(" ")).toMatch(/reopen it to change its pool/);
    const renamed = await sendJson("PUT", {
      ...apiFields,
      id,
      status: "completed",
      title: "Renamed",
    });
    expect(renamed.status).toBe(200);
    expect(
      await db
        .selectFrom("races")
        .select(["title", "prize_pool_cents"])
        .where("id", "=", id)
        .execute(),
    ).toEqual([{ title: "Renamed", prize_pool_cents: 20_000 }]);
  });
});

describe("one monthly race that is not completed per UTC month", () => {
  const monthly = {
    ...apiFields,
    title: "November Special",
    type: "monthly",
    status: "live",
    startDate: "2026-11-05T00:00:00Z",
    endDate: "2026-12-01T00:00:00Z",
  };

  it("answers 409 in the API and a field message on the page while the automatic race runs", async () => {
    const automatic = (await ensureMonthlyRace(new Date("2026-11-02T00:00:00Z")))!;
    const api = await sendJson("POST", monthly);
    expect(api.status).toBe(409);
    expect(api.body).toMatchObject({
      message: expect.stringContaining("November 2026 already has a monthly race") as string,
      errors: { startDate: [expect.stringContaining(automatic.title) as string] },
    });
    // An upcoming one clashes too.
    expect((await sendJson("POST", { ...monthly, status: "upcoming" })).status).toBe(409);

    const page = await postForm({
      ...formFields,
      title: "November Special",
      type: "monthly",
      status: "upcoming",
      startDate: "2026-11-05T00:00",
      endDate: "2026-12-01T00:00",
    });
    expect(page.status).toBe(409);
    expect(fieldErrors(page.body).startDate?.join(" ")).toMatch(/already has a monthly race/);
    expect(await raceCount()).toBe(1);
  });

  it("lets a completed one sit beside it, and other months and types be", async () => {
    await ensureMonthlyRace(new Date("2026-11-02T00:00:00Z"));
    expect((await sendJson("POST", { ...monthly, status: "completed" })).status).toBe(201);
    expect(
      (
        await sendJson("POST", {
          ...monthly,
          startDate: "2026-12-01T00:00:00Z",
          endDate: "2027-01-01T00:00:00Z",
        })
      ).status,
    ).toBe(201);
    expect((await sendJson("POST", { ...monthly, type: "weekly" })).status).toBe(201);
    expect(await raceCount()).toBe(4);
  });

  it("refuses an edit or a reopening that would make a second one in the month", async () => {
    await ensureMonthlyRace(new Date("2026-11-02T00:00:00Z"));
    const weekly = await sendJson("POST", { ...monthly, type: "weekly" });
    const weeklyId = (weekly.body as { race: { id: number } }).race.id;
    const edit = await sendJson("PUT", { ...monthly, id: weeklyId });
    expect(edit.status).toBe(409);
    expect(
      await db.selectFrom("races").select("type").where("id", "=", weeklyId).execute(),
    ).toEqual([{ type: "weekly" }]);

    const completed = await sendJson("POST", { ...monthly, status: "completed" });
    const completedId = (completed.body as { race: { id: number } }).race.id;
    const reopen = await answer(
      adminStatusApi.action as Handler,
      new Request(`http://localhost/api/admin/wager-races/${completedId}/status`, {
        method: "PUT",
        headers: { ...headers(), "Content-Type": "application/json" },
        body: JSON.stringify({ status: "live" }),
      }),
      { id: String(completedId) },
    );
    expect(reopen.status).toBe(409);
    expect(
      await db.selectFrom("races").select("status").where("id", "=", completedId).execute(),
    ).toEqual([{ status: "completed" }]);
  });

  it("keeps the page's status toggle from reopening a second one", async () => {
    await ensureMonthlyRace(new Date("2026-11-02T00:00:00Z"));
    const completed = await sendJson("POST", { ...monthly, status: "completed" });
    const completedId = (completed.body as { race: { id: number } }).race.id;
    const toggle = await answer(
      adminPage.action as Handler,
      new Request("http://localhost/admin/wager-races", {
        method: "POST",
        headers: headers(),
        body: new URLSearchParams({ intent: "toggle-status", id: String(completedId) }),
      }),
    );
    expect(toggle.status).toBe(302);
    expect(
      await db.selectFrom("races").select("status").where("id", "=", completedId).execute(),
    ).toEqual([{ status: "completed" }]);
  });

  it("is guarded in the database for writers that skip the service", async () => {
    await ensureMonthlyRace(new Date("2026-11-02T00:00:00Z"));
    const insert = sql`
      insert into races (title, type, status, prize_pool_cents, min_wager, start_date, end_date,
        prize_distribution, created_at, updated_at)
      values ('Second', 'monthly', 'upcoming', 100, 1, '2026-11-15T00:00:00.000Z',
        '2026-12-01T00:00:00.000Z', '{}', '2026-11-02', '2026-11-02')`;
    await expect(insert.execute(db)).rejects.toThrow(/already runs in this month/);
    // The job's own second attempt stays a no-op.
    expect(await ensureMonthlyRace(new Date("2026-11-20T00:00:00Z"))).toBeNull();
    expect(await raceCount()).toBe(1);
  });
});
