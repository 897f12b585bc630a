import { describe, expect, it } from "vitest";
import {
  FLAG_THRESHOLDS,
  flagHoldReason,
  median,
  newPlayerInPaidPlace,
  sharedAddressFlags,
  spikeDayStarts,
  totalsDecrease,
  wagerSpike,
  WAGER_FLAG_KINDS,
  WAGER_FLAG_RULES,
} from "~/domain/wager-flags";

const NOW = new Date("2026-11-27T15:00:00.000Z");

/** Day-start totals for `daily` wagers (oldest first), the last entry today's start. */
function dayStarts(daily: Array<number | null>, start = 10_000): Array<number | null> {
  const totals: Array<number | null> = [start];
  let total = start;
  for (const wager of daily) {
    total += wager ?? 0;
    totals.push(wager === null ? null : total);
  }
  return totals;
}

describe("median", () => {
  it("is the middle value, or the mean of the middle two", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBe(0);
  });
});

describe("the spike rule", () => {
  const history = Array.from({ length: 14 }, () => 1_000);

  it("reads the starts of the 14 UTC days before today and of today", () => {
    const starts = spikeDayStarts(NOW);
    expect(starts).toHaveLength(15);
    expect(starts[0]).toBe("2026-11-13T00:00:00.000Z");
    expect(starts.at(-1)).toBe("2026-11-27T00:00:00.000Z");
  });

  it("flags a day above the floor and K times the median, once per day", () => {
    const totals = dayStarts(history);
    const todayStart = totals.at(-1)!;
    const flag = wagerSpike("p1", NOW, totals, todayStart + 6_000);
    expect(flag).toEqual({
      kind: "wager_spike",
      playerUid: "p1",
      window: "2026-11-27",
      evidence: {
        kind: "wager_spike",
        day: "2026-11-27",
        dayWager: 6_000,
        median: 1_000,
        history,
      },
    });
  });

  it("leaves a day at K times the median, or below the floor, alone", () => {
    const totals = dayStarts(history);
    const todayStart = totals.at(-1)!;
    expect(wagerSpike("p1", NOW, totals, todayStart + 5_000)).toBeNull();
    const small = dayStarts(Array.from({ length: 14 }, () => 10));
    expect(wagerSpike("p1", NOW, small, small.at(-1)! + 4_999)).toBeNull();
    expect(wagerSpike("p1", NOW, small, small.at(-1)! + 5_000)).not.toBeNull();
  });

  it("needs 7 known previous days and a known start of today", () => {
    // A player first seen 7 or 6 days ago: their totals are known from then on, with no wager.
    const known = (days: number) => [
      ...Array.from({ length: 14 - days }, () => null),
      ...Array.from({ length: days + 1 }, () => 100),
    ];
    expect(wagerSpike("p1", NOW, known(6), 1_000_000)).toBeNull();
    expect(wagerSpike("p1", NOW, known(7), 5_100)?.evidence).toMatchObject({
      median: 0,
      dayWager: 5_000,
    });
    expect(wagerSpike("p1", NOW, [...dayStarts(history).slice(0, -1), null], 1e9)).toBeNull();
  });
});

describe("the new player rule", () => {
  const race = { id: 7, title: "Weekly" };
  const place = { uid: "p2", position: 3, wager: 800, prizeCents: 2_000 };
  const since = "2026-10-01T00:00:00.000Z";

  it("flags a paid place of a player first seen within 7 days, once per race", () => {
    const flag = newPlayerInPaidPlace(place, race, "2026-11-21T00:00:00.000Z", since, NOW);
    expect(flag).toMatchObject({
      kind: "new_player_paid_place",
      playerUid: "p2",
      window: "race:7",
      evidence: {
        raceId: 7,
        position: 3,
        prizeCents: 2_000,
        firstSeenAt: "2026-11-21T00:00:00.000Z",
      },
    });
  });

  it("leaves older players, unpaid places and players of the site's first sync alone", () => {
    expect(newPlayerInPaidPlace(place, race, "2026-11-19T23:00:00.000Z", since, NOW)).toBeNull();
    const unpaid = { ...place, prizeCents: 0 };
    expect(newPlayerInPaidPlace(unpaid, race, "2026-11-26T00:00:00.000Z", since, NOW)).toBeNull();
    const first = "2026-11-25T00:00:00.000Z";
    expect(newPlayerInPaidPlace(place, race, first, first, NOW)).toBeNull();
    expect(newPlayerInPaidPlace(place, race, null, since, NOW)).toBeNull();
  });
});

describe("the shared address rule", () => {
  const row = (userId: number, playerUid: string, address: string) => ({
    userId,
    username: `user${userId}`,
    playerUid,
    address,
  });

  it("flags each linked account's player sharing an address, naming the group", () => {
    const flags = sharedAddressFlags([
      row(1, "pa", "10.0.0.1"),
      row(2, "pb", "10.0.0.1"),
      row(2, "pb", "10.0.0.2"),
      row(3, "pc", "10.0.0.2"),
      row(1, "pa", "10.0.0.1"),
      row(4, "pd", "10.0.0.9"),
    ]);
    expect(flags.map((f) => [f.playerUid, f.window])).toEqual([
      ["pa", "with:pb"],
      ["pb", "with:pa,pc"],
      ["pc", "with:pb"],
    ]);
    expect(flags[1]!.evidence).toEqual({
      kind: "shared_address",
      accounts: [
        { userId: 1, username: "user1", playerUid: "pa" },
        { userId: 2, username: "user2", playerUid: "pb" },
        { userId: 3, username: "user3", playerUid: "pc" },
      ],
      sharedAddresses: 2,
    });
  });

  it("flags nothing for one account per address or unknown addresses", () => {
    expect(sharedAddressFlags([row(1, "pa", "10.0.0.1"), row(1, "pa", "10.0.0.2")])).toEqual([]);
    expect(sharedAddressFlags([row(1, "pa", ""), row(2, "pb", "")])).toEqual([]);
  });
});

describe("the decrease rule", () => {
  const after = { total: 900, at: "2026-11-27T15:00:00.000Z" };

  it("flags a total lower than at the sync before, once per pair of syncs", () => {
    const before = { total: 1_000, at: "2026-11-27T14:00:00.000Z" };
    expect(totalsDecrease("p3", before, after)).toEqual({
      kind: "totals_decrease",
      playerUid: "p3",
      window: "2026-11-27T14:00:00.000Z/2026-11-27T15:00:00.000Z",
      evidence: {
        kind: "totals_decrease",
        before: 1_000,
        beforeAt: before.at,
        after: 900,
        afterAt: after.at,
      },
    });
  });

  it("leaves rises, rounding and first sightings alone", () => {
    expect(totalsDecrease("p3", { total: 800, at: "a" }, after)).toBeNull();
    expect(totalsDecrease("p3", { total: 900.001, at: "a" }, after)).toBeNull();
    expect(totalsDecrease("p3", null, after)).toBeNull();
  });
});

it("documents every rule with its thresholds", () => {
  for (const kind of WAGER_FLAG_KINDS) expect(WAGER_FLAG_RULES[kind].length).toBeGreaterThan(40);
  expect(WAGER_FLAG_RULES.wager_spike).toContain(`${FLAG_THRESHOLDS.spikeFactor} times`);
  expect(WAGER_FLAG_RULES.new_player_paid_place).toContain(`${FLAG_THRESHOLDS.newPlayerDays} days`);
});

it("names the flags holding a payout", () => {
  expect(flagHoldReason([12, 3])).toBe("Held: confirmed wager flags #3, #12 (see /admin/flags)");
  expect(flagHoldReason([3])).toBe("Held: confirmed wager flag #3 (see /admin/flags)");
});
