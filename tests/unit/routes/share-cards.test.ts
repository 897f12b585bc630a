import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { siteOrigin } from "~/server/config.server";
import { metricsRegistry } from "~/server/metrics.server";
import { cardDrawings } from "~/server/share-card-image.server";
import * as raceCard from "~/routes/wager-races.$id_.og[.png]";
import * as racePage from "~/routes/wager-races.$id";
import * as currentRacePage from "~/routes/wager-races._index";
import * as memberCard from "~/routes/user.$id_.og[.png]";
import * as memberPage from "~/routes/user.$id";
import { db } from "~/services/db.server";
import { insertPlayer, insertRace, insertSession, insertUser } from "../../factories";
import { signedInCookie } from "../session-cookie";

// The Open Graph result cards (issue 32 item 6, docs/decisions/0074): /wager-races/:id/og.png
// and /user/:id/og.png answer a 1200x630 PNG with an ETag naming what the card shows, drawn once
// per card; a bad id is a 400, an unknown one a 404; the member card is for members; past a few
// drawings waiting, a 503 with Retry-After; the pages name the card by an absolute URL.

type Handler = (args: LoaderFunctionArgs) => Promise<unknown>;
const HOUR = 3_600_000;

let completed = 0;
let live = 0;
let upcoming = 0;
let memberId = 0;
let cookie = "";

/** A loader's answer, or the Response it threw. */
async function call(handler: Handler, path: string, id: string, headers: HeadersInit = {}) {
  const answer = await handler({
    request: new Request(`http://localhost${path}`, { headers }),
    params: { id },
    context: { cspNonce: "", clientIp: "127.0.0.1" },
  }).catch((thrown: unknown) => thrown);
  if (!(answer instanceof Response)) throw new Error(`${path} answered no Response`);
  return answer;
}

const getRaceCard = (id: string, headers?: HeadersInit) =>
  call(raceCard.loader as Handler, `/wager-races/${id}/og.png`, id, headers);
const getMemberCard = (id: string, headers?: HeadersInit) =>
  call(memberCard.loader as Handler, `/user/${id}/og.png`, id, headers);

/** The cards of a kind drawn so far (the render histogram's count), not those taken from the cache. */
async function drawings(kind: "race" | "player"): Promise<number> {
  const text = await metricsRegistry.metrics();
  const count = new RegExp(
    `^goatedvips_share_card_render_seconds_count\\{kind="${kind}"\\} (\\d+)$`,
    "m",
  );
  return Number(count.exec(text)?.[1] ?? 0);
}

/** The payout ledger marks the completed race's first prize paid. */
const markFirstPrizePaid = () =>
  db
    .updateTable("race_results")
    .set({ payout_status: "paid", paid_at: "2026-11-27T12:00:00.000Z", payout_method: "tip" })
    .where("race_id", "=", completed)
    .where("position", "=", 1)
    .execute();

/** A PNG's width and height from its IHDR chunk, after checking its signature. */
async function pngSize(answer: Response): Promise<{ width: number; height: number }> {
  const bytes = Buffer.from(await answer.arrayBuffer());
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

beforeAll(async () => {
  await migrateToLatest(db);
  const now = Date.now();
  const player = await insertPlayer(db, { name: "Alice", all_time: 150_000 });
  completed = await insertRace(db, {
    title: "Share Card Race",
    status: "completed",
    start_date: new Date(now - 100 * HOUR).toISOString(),
    end_date: new Date(now - 30 * HOUR).toISOString(),
    completed_at: new Date(now - 30 * HOUR).toISOString(),
    results: [
      { uid: player, name: "Alice", wager: 9_000, prizeCents: 10_000 },
      { uid: "card-u2", name: "Bob", wager: 5_000, prizeCents: 6_000 },
      { uid: "card-u3", name: "Carol", wager: 1_000, prizeCents: 4_000 },
    ],
  });
  live = await insertRace(db, {
    title: "Running Race",
    start_date: new Date(now - HOUR).toISOString(),
    end_date: new Date(now + HOUR).toISOString(),
  });
  upcoming = await insertRace(db, {
    title: "Next Race",
    status: "upcoming",
    start_date: new Date(now + 10 * HOUR).toISOString(),
    end_date: new Date(now + 20 * HOUR).toISOString(),
  });
  memberId = await insertUser(db, { goated_id: player });
  const { token } = await insertSession(db, memberId);
  cookie = await signedInCookie(token);
});

afterAll(async () => {
  await db.deleteFrom("sessions").execute();
});

describe("GET /wager-races/:id/og.png", () => {
  it("answers a 1200x630 PNG with an ETag, drawn once and then answered 304 or from the cache", async () => {
    const before = await drawings("race");
    const first = await getRaceCard(String(completed));
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/png");
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=300");
    const etag = first.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await pngSize(first)).toEqual({ width: 1200, height: 630 });
    expect(await drawings("race")).toBe(before + 1);

    const again = await getRaceCard(String(completed));
    expect(again.status).toBe(200);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(await pngSize(again)).toEqual({ width: 1200, height: 630 });
    const unchanged = await getRaceCard(String(completed), { "If-None-Match": etag });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
    expect(await drawings("race")).toBe(before + 1);
  });

  it("is drawn again with a new ETag once a prize is marked paid", async () => {
    const before = await getRaceCard(String(completed));
    await markFirstPrizePaid();
    const drawn = await drawings("race");
    const after = await getRaceCard(String(completed), {
      "If-None-Match": before.headers.get("ETag") ?? "",
    });
    expect(after.status).toBe(200);
    expect(after.headers.get("ETag")).not.toBe(before.headers.get("ETag"));
    expect(await drawings("race")).toBe(drawn + 1);
  });

  it("draws running and upcoming races too", async () => {
    for (const id of [live, upcoming]) {
      const answer = await getRaceCard(String(id));
      expect(answer.status, String(id)).toBe(200);
      expect(await pngSize(answer)).toEqual({ width: 1200, height: 630 });
    }
  });

  it("answers 400 for an id that is no id, 404 for an unknown race", async () => {
    for (const id of ["abc", "0", "-1", "1e3", "99999999999"]) {
      const answer = await getRaceCard(id);
      expect(answer.status, id).toBe(400);
      expect(await answer.text()).toBe("A race id is a positive whole number");
    }
    const unknown = await getRaceCard("999999");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe("No such race");
  });

  it("answers 503 with Retry-After while a drawing runs and four wait, and draws once they are done", async () => {
    const fresh = await insertRace(db, {
      title: "Not drawn yet",
      start_date: new Date(Date.now() - HOUR).toISOString(),
      end_date: new Date(Date.now() + HOUR).toISOString(),
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const busy = Array.from({ length: 5 }, () => cardDrawings.run(() => held));
    try {
      const refused = await getRaceCard(String(fresh));
      expect(refused.status).toBe(503);
      expect(refused.headers.get("Retry-After")).toBe("2");
      expect(refused.headers.get("Cache-Control")).toBe("no-store");
    } finally {
      release();
      await Promise.all(busy);
    }
    // The refusal was not kept: asked again, the card is drawn.
    const drawn = await getRaceCard(String(fresh));
    expect(drawn.status).toBe(200);
    expect(await pngSize(drawn)).toEqual({ width: 1200, height: 630 });
  });
});

describe("the race page", () => {
  it("names its card by an absolute URL on the public origin, versioned by the card's ETag", async () => {
    await markFirstPrizePaid();
    const data = (await racePage.loader({
      request: new Request(`http://localhost/wager-races/${completed}`),
      params: { id: String(completed) },
      context: { cspNonce: "", clientIp: "127.0.0.1" },
    })) as { share: { image: string; description: string } };
    const image = new URL(data.share.image);
    expect(image.origin).toBe(siteOrigin());
    expect(image.pathname).toBe(`/wager-races/${completed}/og.png`);
    const etag = (await getRaceCard(String(completed))).headers.get("ETag") ?? "";
    expect(etag.slice(1, 13)).toBe(image.searchParams.get("v"));
    expect(data.share.description).toMatch(
      /^Final result of Share Card Race: #1 Alice \$100\.00 \(paid\), #2 Bob \$60\.00, #3 Carol/,
    );
  });
});

describe("the current race's page (/wager-races)", () => {
  it("names the card of the race it shows", async () => {
    const data = (await currentRacePage.loader({
      request: new Request("http://localhost/wager-races"),
      params: {},
      context: { cspNonce: "", clientIp: "127.0.0.1" },
    })) as { board: { race: { id: number } } | null; share: { image: string } | null };
    expect(data.board).not.toBeNull();
    const image = new URL(data.share?.image ?? "");
    expect(image.origin).toBe(siteOrigin());
    expect(image.pathname).toBe(`/wager-races/${data.board?.race.id}/og.png`);
  });
});

describe("GET /user/:id/og.png", () => {
  it("answers a signed-in member the PNG of a member's card, 304 when unchanged", async () => {
    const before = await drawings("player");
    const answer = await getMemberCard(String(memberId), { Cookie: cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("image/png");
    expect(await pngSize(answer)).toEqual({ width: 1200, height: 630 });
    expect(await drawings("player")).toBe(before + 1);
    const unchanged = await getMemberCard(String(memberId), {
      Cookie: cookie,
      "If-None-Match": answer.headers.get("ETag") ?? "",
    });
    expect(unchanged.status).toBe(304);
  });

  it("answers 401 to a visitor, 400 for a bad id and 404 for an unknown member", async () => {
    const visitor = await getMemberCard(String(memberId));
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toMatchObject({ message: "Not authenticated" });
    const bad = await getMemberCard("x1", { Cookie: cookie });
    expect(bad.status).toBe(400);
    const unknown = await getMemberCard("999999", { Cookie: cookie });
    expect(unknown.status).toBe(404);
  });

  it("is named by the member page with their rank and latest race in its description", async () => {
    const data = (await memberPage.loader({
      request: new Request(`http://localhost/user/${memberId}`, { headers: { Cookie: cookie } }),
      params: { id: String(memberId) },
      context: { cspNonce: "", clientIp: "127.0.0.1" },
    })) as { share: { image: string; description: string } };
    const image = new URL(data.share.image);
    expect(`${image.origin}${image.pathname}`).toBe(`${siteOrigin()}/user/${memberId}/og.png`);
    expect(data.share.description).toMatch(
      /: GOLD rank, #\d+ on the all-time leaderboard, \$150,000\.00 wagered\. Latest race: #1 in Share Card Race\.$/,
    );
  });
});
