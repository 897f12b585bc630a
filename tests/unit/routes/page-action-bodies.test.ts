/// <reference types="vite/client" />
import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertUser } from "../../factories";
import { MAX_FORM_BODY_BYTES } from "~/http/form-body.server";
import { UNSTORABLE_TEXT_MESSAGE } from "~/lib/storable-text";
import { db } from "~/services/db.server";
import { createSession } from "~/services/auth/sessions.server";

type Action = (args: ActionFunctionArgs) => Promise<unknown>;

// Every page route (a .tsx module) that has an action, so a new one is covered without editing
// this list.
const pageActions = Object.entries(
  import.meta.glob<{ action?: Action }>("../../../app/routes/*.tsx", { eager: true }),
)
  .filter(([, route]) => typeof route.action === "function")
  .map(([file, route]) => ({
    name: file.replace(/^.*\/routes\//, ""),
    action: route.action as Action,
  }));

const boundary = "----goat";
const bodies: { name: string; contentType: string | null; body: string; length?: number }[] = [
  { name: "a JSON body", contentType: "application/json", body: '{"intent":"save"}' },
  { name: "text/plain", contentType: "text/plain", body: "intent=save" },
  { name: "no content type", contentType: null, body: "intent=save" },
  {
    name: "a truncated multipart body",
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsa`,
  },
  {
    name: "a multipart type without a boundary",
    contentType: "multipart/form-data",
    body: "intent=save",
  },
  {
    name: "an oversized urlencoded body",
    contentType: "application/x-www-form-urlencoded",
    body: `intent=save&filler=${"x".repeat(MAX_FORM_BODY_BYTES)}`,
  },
  {
    name: "a small body declaring an oversized Content-Length",
    contentType: "application/x-www-form-urlencoded",
    body: "intent=save",
    length: MAX_FORM_BODY_BYTES + 1,
  },
];

// The probe's shapes of text the database refuses (issue 30): PostgreSQL answered 500 for a NUL.
const urlencoded = "application/x-www-form-urlencoded";
const unstorableBodies: typeof bodies = [
  { name: "a percent-encoded null byte", contentType: urlencoded, body: "intent=save&name=ab%00" },
  { name: "a null byte in a field's name", contentType: urlencoded, body: "intent=save&a%00=1" },
  {
    name: "an encoded lone surrogate",
    contentType: urlencoded,
    body: "intent=save&name=%ED%A0%80",
  },
  { name: "an overlong encoded null", contentType: urlencoded, body: "intent=save&name=%C0%80" },
  { name: "a byte that is not UTF-8", contentType: urlencoded, body: "intent=save&name=%FF" },
  {
    name: "a null byte in a multipart field",
    contentType: `multipart/form-data; boundary=${boundary}`,
    body:
      `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nab\0cd\r\n` +
      `--${boundary}--\r\n`,
  },
];

let adminToken = "";

beforeAll(async () => {
  await migrateToLatest(db);
  const adminId = await insertUser(db, { username: "BodyBoss", is_admin: 1 });
  adminToken = await createSession({ userId: adminId, userAgent: "vitest", ip: "127.0.0.1" });
});

async function answerOf(action: Action, body: (typeof bodies)[number]) {
  const headers = new Headers({ Authorization: `Bearer ${adminToken}`, "User-Agent": "vitest" });
  if (body.contentType) headers.set("Content-Type", body.contentType);
  if (body.length) headers.set("Content-Length", String(body.length));
  const request = new Request("http://localhost/page?mode=login&redirectTo=/profile", {
    method: "POST",
    headers,
    body: body.contentType ? body.body : new TextEncoder().encode(body.body),
  });
  try {
    const answer = await action({
      request,
      params: {},
      context: { cspNonce: "", clientIp: "::1" },
    });
    return answer instanceof Response ? answer : null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("page actions refuse bodies that are not forms", () => {
  it("finds the page actions", () =>
    expect(pageActions.map((route) => route.name)).toEqual(
      expect.arrayContaining([
        "auth.tsx",
        "profile.tsx",
        "notification-preferences.tsx",
        "admin.wager-races.tsx",
        "logout.tsx",
        "race-widget.dismiss.tsx",
      ]),
    ));

  for (const route of pageActions) {
    it.each(bodies)(`${route.name}: $name gets a 4xx with a message`, async (body) => {
      const answer = await answerOf(route.action, body);
      expect(answer?.status).toBeGreaterThanOrEqual(400);
      expect(answer?.status).toBeLessThan(500);
      expect((await answer?.text())?.length).toBeGreaterThan(0);
    });
  }

  it("answers 415, 413 and 400 with the reason", async () => {
    const auth = pageActions.find((route) => route.name === "auth.tsx");
    if (!auth) throw new Error("no auth action");
    const [json, oversized, declared, truncated] = await Promise.all(
      [0, 5, 6, 3].map((index) => answerOf(auth.action, bodies[index]!)),
    );
    expect(json?.status).toBe(415);
    expect(json?.statusText).toMatch(/x-www-form-urlencoded or multipart\/form-data/);
    expect(oversized?.status).toBe(413);
    expect(declared?.status).toBe(413);
    expect(truncated?.status).toBe(400);
  });
});

describe("page actions refuse text the database cannot store", () => {
  // Routes with a path parameter answer 404 to the empty params here before reading a body.
  for (const route of pageActions.filter(({ name }) => !name.includes("$"))) {
    it.each(unstorableBodies)(`${route.name}: $name gets 400 with the reason`, async (body) => {
      const answer = await answerOf(route.action, body);
      expect(answer?.status).toBe(400);
      expect(answer?.statusText).toBe(UNSTORABLE_TEXT_MESSAGE);
    });
  }
});
