import { describe, expect, it } from "vitest";
import { RACE_ALERT_NEAR_END_MS, decideRaceAlerts } from "~/domain/race-alerts";
import { rankStandings } from "~/domain/race-standings";

// Three paid places ($300, $200, $100), a fourth unpaid.
const PRIZES = [30_000, 20_000, 10_000, 0];
const HOUR = 60 * 60_000;

const standings = (wagers: Record<string, number>) =>
  rankStandings(
    Object.entries(wagers).map(([uid, wager]) => ({ uid, name: uid, wager })),
    0,
  );

function alerts(
  before: Record<string, number>,
  after: Record<string, number>,
  endsInMs = 24 * HOUR,
  players = new Set([...Object.keys(before), ...Object.keys(after)]),
) {
  return decideRaceAlerts({
    raceTitle: "November Race",
    previous: standings(before),
    current: standings(after),
    players,
    prizesCents: PRIZES,
    endsInMs,
  });
}

describe("decideRaceAlerts", () => {
  it("decides only for the players asked about (the linked members who listen)", () => {
    const result = alerts(
      { a: 500, b: 400, c: 300, d: 200 },
      { a: 500, b: 400, c: 300, d: 350 },
      24 * HOUR,
      new Set(["c", "a"]),
    );
    expect(result.map((alert) => [alert.uid, alert.kind])).toEqual([["c", "dropped_out"]]);
  });

  it("tells a player who entered the paid places and the one they pushed out", () => {
    const result = alerts({ a: 500, b: 400, c: 300, d: 200 }, { a: 500, b: 400, c: 300, d: 350 });
    expect(result).toEqual([
      {
        uid: "d",
        kind: "entered_paid",
        title: "You are in the prizes",
        message: "You are #3 in November Race, a paid place. Keep wagering to hold it.",
      },
      {
        uid: "c",
        kind: "dropped_out",
        title: "You dropped out of the prizes",
        message: "You are #4 in November Race. $50.01 more puts you back in the paid places.",
      },
    ]);
  });

  it("tells a player overtaken inside the paid places how much takes the place back", () => {
    const result = alerts({ a: 500, b: 400, c: 300 }, { a: 500, b: 400, c: 450 });
    expect(result).toEqual([
      {
        uid: "b",
        kind: "overtaken",
        title: "You were overtaken",
        message: "You went from #2 to #3 in November Race. $50.01 more takes #2 back.",
      },
    ]);
  });

  it("counts a newcomer straight into the prizes as entering them", () => {
    expect(alerts({ a: 500 }, { a: 500, n: 100 }).map((a) => [a.uid, a.kind])).toEqual([
      ["n", "entered_paid"],
    ]);
  });

  it("says nothing when no one moved, however near the end", () => {
    const same = { a: 500, b: 400, c: 300, d: 200 };
    expect(alerts(same, same, HOUR)).toEqual([]);
  });

  it("near the end, tells a player whose gap to the next place changed how much it now is", () => {
    const before = { a: 500, b: 400, c: 300, d: 200 };
    const after = { a: 500, b: 400, c: 300, d: 290 };
    expect(alerts(before, after, 24 * HOUR)).toEqual([]);
    expect(alerts(before, after, RACE_ALERT_NEAR_END_MS)).toEqual([
      {
        uid: "d",
        kind: "gap_to_next",
        title: "$10.01 to the next place",
        message: "November Race ends soon: $10.01 more puts you at #3.",
      },
    ]);
    // Ended: no more nudges.
    expect(alerts(before, after, 0)).toEqual([]);
  });
});
