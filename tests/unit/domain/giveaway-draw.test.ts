import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalEntrantsText, drawWinners, holderOf, ticketOf } from "~/domain/giveaway-draw";

// The giveaway draw of issue 34, checked against a replay written from the words with
// node:crypto alone (not the Web Crypto code under test).

const SERVER_SEED = "5f3c9a1e7b2d4c6e8f0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6a";

/** The algorithm, step by step, from the published data only. */
function replay(serverSeed: string, entrants: { userId: number; tickets: number }[], n: number) {
  const ordered = [...entrants].sort((a, b) => a.userId - b.userId);
  const clientSeed = createHash("sha256").update(JSON.stringify(ordered)).digest("hex");
  const total = ordered.reduce((sum, e) => sum + e.tickets, 0);
  const winners: number[] = [];
  for (let nonce = 0; winners.length < Math.min(n, ordered.length); nonce += 1) {
    const h = createHmac("sha256", serverSeed).update(`${clientSeed}:${nonce}`).digest("hex");
    const ticket = Math.floor((Number.parseInt(h.slice(0, 13), 16) / 2 ** 52) * total);
    let start = 0;
    const holder = ordered.find((e) => {
      start += e.tickets;
      return ticket < start;
    });
    if (holder && !winners.includes(holder.userId)) winners.push(holder.userId);
  }
  return { clientSeed, winners };
}

describe("the giveaway draw", () => {
  const entrants = [
    { userId: 42, tickets: 3 },
    { userId: 7, tickets: 1 },
    { userId: 19, tickets: 10 },
    { userId: 3, tickets: 2 },
    { userId: 88, tickets: 5 },
  ];

  it("hashes the entrant list sorted by userId, as JSON of {userId, tickets}", () => {
    expect(canonicalEntrantsText(entrants)).toBe(
      '[{"userId":3,"tickets":2},{"userId":7,"tickets":1},{"userId":19,"tickets":10},{"userId":42,"tickets":3},{"userId":88,"tickets":5}]',
    );
  });

  it("leaves out entrants without tickets", () => {
    expect(
      canonicalEntrantsText([
        { userId: 2, tickets: 0 },
        { userId: 1, tickets: 1 },
      ]),
    ).toBe('[{"userId":1,"tickets":1}]');
  });

  it("maps an HMAC's first 13 hex digits onto the tickets", () => {
    expect(ticketOf(`0000000000000${"f".repeat(51)}`, 21)).toBe(0);
    expect(ticketOf(`fffffffffffff${"0".repeat(51)}`, 21)).toBe(20);
    expect(ticketOf(`8000000000000${"0".repeat(51)}`, 21)).toBe(10);
  });

  it("gives each entrant a consecutive range in the canonical order", () => {
    const ordered = [
      { userId: 3, tickets: 2 },
      { userId: 7, tickets: 1 },
    ];
    expect([0, 1, 2].map((ticket) => holderOf(ticket, ordered))).toEqual([3, 3, 7]);
    expect(() => holderOf(3, ordered)).toThrow(RangeError);
  });

  it("draws what a replay from the published seeds and entrant list draws", async () => {
    for (const count of [1, 3, 5, 9]) {
      const draw = await drawWinners(SERVER_SEED, entrants, count);
      expect({ clientSeed: draw.clientSeed, winners: draw.winners }).toEqual(
        replay(SERVER_SEED, entrants, count),
      );
    }
  });

  it("draws distinct winners, skipping a holder already drawn, at most one per entrant", async () => {
    const draw = await drawWinners(SERVER_SEED, entrants, 9);
    expect(draw.winners).toHaveLength(5);
    expect(new Set(draw.winners).size).toBe(5);
    expect(draw.steps.filter((step) => step.won).map((step) => step.userId)).toEqual(draw.winners);
    expect(draw.steps.map((step) => step.nonce)).toEqual(draw.steps.map((_, index) => index));
  });

  it("gives another draw for another server seed or entrant list", async () => {
    const draw = await drawWinners(SERVER_SEED, entrants, 5);
    const reseeded = await drawWinners(`${SERVER_SEED}0`, entrants, 5);
    expect(reseeded.steps[0]?.hmac).not.toBe(draw.steps[0]?.hmac);
    const more = await drawWinners(SERVER_SEED, [...entrants, { userId: 99, tickets: 1 }], 5);
    expect(more.clientSeed).not.toBe(draw.clientSeed);
  });
});
