import { describe, expect, it } from "vitest";
import type { Participant, RaceView } from "~/domain/race";
import { MONTHLY_RACE_SHARES } from "~/domain/race-prizes";
import {
  CARD_NAME_LENGTH,
  CARD_TITLE_LENGTH,
  clipText,
  playerShareCard,
  playerShareDescription,
  raceShareCard,
  raceShareDescription,
} from "~/domain/share-cards";
import type { SharedProfile } from "~/domain/share-cards";

// The Open Graph cards' text (issue 32 item 6, docs/decisions/0074): what a card says is computed
// here, and the image is drawn from it alone.

const race: RaceView = {
  id: 7,
  title: "November Monthly Race",
  type: "monthly",
  status: "completed",
  prizePoolCents: 50_000,
  minWager: 1,
  startDate: "2026-11-01T00:00:00.000Z",
  endDate: "2026-12-01T00:00:00.000Z",
  distribution: MONTHLY_RACE_SHARES,
  rules: null,
  description: null,
  isAutomatic: true,
  completedAt: "2026-12-01T00:00:05.000Z",
};

const participant = (position: number, name: string, prizeCents: number, paidAt?: string) =>
  ({
    position,
    uid: `u${position}`,
    name,
    wager: 10_000 / position,
    prizeCents,
    paidAt: paidAt ?? null,
  }) satisfies Participant;

const finalTopFour = [
  participant(1, "alice", 20_531, "2026-12-01T10:00:00.000Z"),
  participant(2, "bob", 12_077),
  participant(3, "carol", 7_246, "2026-12-02T09:00:00.000Z"),
  participant(4, "dave", 4_830),
];

describe("a race's card", () => {
  it("shows a completed race's top 3 with prizes from cents and 'Paid' marks from the ledger", () => {
    const card = raceShareCard({ race, participants: finalTopFour, view: "completed" });
    expect(card).toEqual({
      kind: "race",
      label: "Monthly Race",
      title: "November Monthly Race",
      state: "final",
      when: "Final result · Dec 1, 2026",
      pool: "$500.00",
      podium: [
        { place: 1, name: "alice", prize: "$205.31", paid: "Paid Dec 1, 2026" },
        { place: 2, name: "bob", prize: "$120.77", paid: null },
        { place: 3, name: "carol", prize: "$72.46", paid: "Paid Dec 2, 2026" },
      ],
    });
    expect(raceShareDescription(card)).toBe(
      "Final result of November Monthly Race: #1 alice $205.31 (paid), #2 bob $120.77, " +
        "#3 carol $72.46 (paid). Prize pool $500.00.",
    );
  });

  it("shows a running race's standings so far, never as paid", () => {
    const card = raceShareCard({
      race: { ...race, status: "live", completedAt: null },
      participants: finalTopFour.slice(0, 2).map((p) => ({ ...p, paidAt: null })),
      view: "active",
    });
    expect(card.state).toBe("live");
    expect(card.when).toBe("Live standings · ends Dec 1, 2026");
    expect(card.podium.map((p) => [p.name, p.paid])).toEqual([
      ["alice", null],
      ["bob", null],
    ]);
    expect(raceShareDescription(card)).toMatch(
      /^Live standings of November Monthly Race: #1 alice/,
    );
  });

  it("shows an upcoming race's first three prizes, which add up as the race pays them", () => {
    const card = raceShareCard({
      race: { ...race, status: "upcoming", completedAt: null },
      participants: [],
      view: "upcoming",
    });
    expect(card.state).toBe("upcoming");
    expect(card.when).toBe("Starts Nov 1, 2026");
    // The spec's shares scaled to 100%, the leftover cent to first place (decision 0060).
    expect(card.podium).toEqual([
      { place: 1, name: null, prize: "$205.36", paid: null },
      { place: 2, name: null, prize: "$96.61", paid: null },
      { place: 3, name: null, prize: "$72.46", paid: null },
    ]);
    expect(raceShareDescription(card)).toBe(
      "Prizes of November Monthly Race (Starts Nov 1, 2026): #1 wins $205.36, #2 wins $96.61, " +
        "#3 wins $72.46. Prize pool $500.00.",
    );
  });

  it("says so when a completed race had nobody in it", () => {
    const card = raceShareCard({ race, participants: [], view: "completed" });
    expect(card.podium).toEqual([]);
    expect(raceShareDescription(card)).toBe(
      "Final result of November Monthly Race: no participants. Prize pool $500.00.",
    );
  });

  it("cuts long names and titles with an ellipsis", () => {
    const longName = "W".repeat(60);
    const card = raceShareCard({
      race: { ...race, title: "A race title far longer than any card line could hold" },
      participants: [participant(1, longName, 100)],
      view: "completed",
    });
    expect(card.title).toHaveLength(CARD_TITLE_LENGTH);
    expect(card.title.endsWith("…")).toBe(true);
    expect(card.podium[0]?.name).toBe(`${"W".repeat(CARD_NAME_LENGTH - 1)}…`);
  });
});

describe("clipText", () => {
  it("keeps short text, counts what a reader sees as one character, trims before the ellipsis", () => {
    expect(clipText("  alice  ", 5)).toBe("alice");
    // A flag and a family emoji are one character each, never cut in half.
    expect(clipText("🇬🇧👨‍👩‍👧abc", 3)).toBe("🇬🇧👨‍👩‍👧…");
    expect(clipText("ab cdef", 4)).toBe("ab…");
  });
});

describe("a member's card", () => {
  const profile: SharedProfile = {
    username: "alice",
    totalWagered: 123_456.785,
    currentTier: "GOLD",
    currentRank: 1_234,
    bestRank: 2,
    races: { participated: 3, won: 0, totalPrizes: 150 },
    history: [
      {
        raceId: 9,
        title: "October Monthly Race",
        endDate: "2026-11-01T00:00:00.000Z",
        position: 2,
        wager: 5_000,
        prize: 120.77,
      },
    ],
  };

  it("shows their rank, leaderboard place, wager and latest race result", () => {
    const card = playerShareCard(profile);
    expect(card).toEqual({
      kind: "player",
      name: "alice",
      tier: "GOLD",
      leaderboardPlace: "#1,234 on the all-time leaderboard",
      wagered: "$123,456.79",
      latestRace: { title: "October Monthly Race", place: "#2", prize: "$120.77" },
      record: "3 races · 0 wins · best finish #2",
    });
    expect(playerShareDescription(card)).toBe(
      "alice: GOLD rank, #1,234 on the all-time leaderboard, $123,456.79 wagered. " +
        "Latest race: #2 in October Monthly Race.",
    );
  });

  it("shows a member without races or a place as such", () => {
    const card = playerShareCard({
      ...profile,
      currentTier: "COPPER",
      currentRank: 0,
      bestRank: 0,
      totalWagered: 0,
      races: { participated: 1, won: 1, totalPrizes: 0 },
      history: [],
    });
    expect(card.leaderboardPlace).toBeNull();
    expect(card.latestRace).toBeNull();
    expect(card.record).toBe("1 race · 1 win · no finish yet");
    expect(playerShareDescription(card)).toBe("alice: COPPER rank, $0.00 wagered.");
  });
});
