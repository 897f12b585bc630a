import { createHash } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertRace } from "../../factories";
import * as proofApi from "~/routes/api.wager-races.$id.proof";
import * as proofPage from "~/routes/wager-races.$id_.proof";
import * as racePage from "~/routes/wager-races.$id";
import { db } from "~/services/db.server";
import { sealResult } from "~/services/races/race-proof.server";
import { findRace } from "~/services/races/race-store.server";

// /wager-races/:id/proof and GET /api/wager-races/{id}/proof (issue 32, docs/decisions/0063): the
// stored result, its hash, and the server's verdict; a clear 404 for a bad id or an open race.

type Handler = (args: LoaderFunctionArgs) => Promise<unknown>;
const HOUR = 3_600_000;
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

let sealed = 0;
let legacy = 0;
let live = 0;

/** A loader's answer, or the Response it threw. */
async function load(handler: Handler, path: string, id: string) {
  return handler({
    request: new Request(`http://localhost${path}`),
    params: { id },
    context: { cspNonce: "", clientIp: "127.0.0.1" },
  }).catch((thrown: unknown) => thrown);
}

async function completedRace(title: string) {
  const end = new Date(Date.now() - 30 * HOUR).toISOString();
  return insertRace(db, {
    title,
    status: "completed",
    prize_pool_cents: 30_000,
    start_date: new Date(Date.now() - 100 * HOUR).toISOString(),
    end_date: end,
    completed_at: end,
    results: [
      { uid: "proof-u1", name: "First", wager: 9_000.25, prizeCents: 20_000 },
      { uid: "proof-u2", name: "Second", wager: 5_000, prizeCents: 10_000 },
    ],
  });
}

beforeAll(async () => {
  await migrateToLatest(db);
});

beforeEach(async () => {
  await db.deleteFrom("race_results").execute();
  await db.deleteFrom("races").execute();
  sealed = await completedRace("Sealed Race");
  const race = await findRace(sealed);
  if (race) await sealResult(db, race);
  legacy = await completedRace("Legacy Race");
  live = await insertRace(db, {
    status: "live",
    start_date: new Date(Date.now() - HOUR).toISOString(),
    end_date: new Date(Date.now() + HOUR).toISOString(),
  });
});

/** Changes one cent of the second place's stored prize. */
const tamperOneCent = () =>
  db
    .updateTable("race_results")
    .set({ prize_cents: 10_001 })
    .where("race_id", "=", sealed)
    .where("position", "=", 2)
    .execute();

describe("GET /api/wager-races/{id}/proof", () => {
  const get = (id: string) => load(proofApi.loader as Handler, `/api/wager-races/${id}/proof`, id);

  it("answers the canonical result and the hex SHA-256 of it stored at completion", async () => {
    const answer = (await get(String(sealed))) as Response;
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { canonical: string; resultHash: string };
    expect(Object.keys(body)).toEqual(["canonical", "resultHash", "namesMasked"]);
    expect(body.resultHash).toBe(sha256(body.canonical));
    // Only what the public race API shows: no ledger columns.
    expect(JSON.parse(body.canonical)).toMatchObject({
      raceId: sealed,
      poolCents: 30_000,
      places: [
        { place: 1, uid: "proof-u1", name: "First", wagerCents: 900_025, prizeCents: 20_000 },
        { place: 2, uid: "proof-u2", name: "Second", wagerCents: 500_000, prizeCents: 10_000 },
      ],
    });
    await tamperOneCent();
    const after = (await ((await get(String(sealed))) as Response).json()) as typeof body;
    expect(after.resultHash).toBe(body.resultHash);
    expect(sha256(after.canonical)).not.toBe(after.resultHash);
  });

  it("answers null for a race completed before sealing, 404 for an open race or a bad id", async () => {
    const old = (await get(String(legacy))) as Response;
    expect(await old.json()).toMatchObject({ resultHash: null });
    const open = (await get(String(live))) as Response;
    expect(open.status).toBe(404);
    expect(await open.json()).toMatchObject({
      message: "The race has not completed: its result is not sealed yet",
    });
    for (const id of ["999999", "abc", "0", "1e3"]) {
      const answer = (await get(id)) as Response;
      expect(answer.status, id).toBe(404);
      expect(await answer.json()).toMatchObject({ message: "Race not found" });
    }
  });
});

describe("/wager-races/:id/proof", () => {
  const view = (id: string) => load(proofPage.loader as Handler, `/wager-races/${id}/proof`, id);

  it("says the stored result matches its hash, and no longer does once a cent changed", async () => {
    const before = (await view(String(sealed))) as { verdict: string; resultHash: string };
    expect(before).toMatchObject({ verdict: "matches", title: "Sealed Race" });
    await tamperOneCent();
    const after = (await view(String(sealed))) as typeof before;
    expect(after).toMatchObject({ verdict: "differs", resultHash: before.resultHash });
  });

  it("says a race completed before sealing has no hash, and 404s an open race or a bad id", async () => {
    expect(await view(String(legacy))).toMatchObject({ verdict: "unsealed", resultHash: null });
    const open = await view(String(live));
    expect(open instanceof Response && (await open.text())).toBe(
      "This race has not completed: its result is sealed when it does",
    );
    for (const id of [String(live), "999999", "abc"]) {
      const thrown = await view(id);
      expect(thrown instanceof Response && thrown.status, id).toBe(404);
    }
  });

  it("is linked from the race's page with the hash, for a completed race only", async () => {
    const page = (id: number) => load(racePage.loader as Handler, `/wager-races/${id}`, String(id));
    const hash = ((await view(String(sealed))) as { resultHash: string }).resultHash;
    expect(await page(sealed)).toMatchObject({ seal: { resultHash: hash } });
    expect(await page(legacy)).toMatchObject({ seal: { resultHash: null } });
    expect(await page(live)).toMatchObject({ seal: null });
  });
});
