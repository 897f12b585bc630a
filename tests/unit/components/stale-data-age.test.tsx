// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HomeLiveSections } from "~/components/leaderboard/HomeLiveSections";
import { RaceBoard } from "~/components/race/RaceBoard";
import type { BoardRace } from "~/domain/race";
import { RaceWidget } from "~/components/race/RaceWidget";
import type { LeaderboardSnapshot } from "~/domain/leaderboard";
import { MONTHLY_RACE_SHARES } from "~/domain/race-prizes";
import type { DataFreshness } from "~/services/operations/sync-runs.server";

// Every piece that shows synced data says how old it is while it is stale, read from the root
// loader's `freshness`, and stays quiet while the data is fresh.

const NOW = "2026-11-21T12:00:00.000Z";
const stale: DataFreshness = {
  lastUpdated: "2026-11-21T11:57:00.000Z",
  stale: true,
  demoData: false,
  now: NOW,
};
const fresh: DataFreshness = { ...stale, lastUpdated: NOW, stale: false };

class SilentSocket {
  onmessage = null;
  onclose = null;
  close() {}
}

beforeEach(() => {
  vi.stubGlobal("WebSocket", SilentSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderUnderRoot(freshness: DataFreshness, element: ReactNode) {
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ user: null, toast: null, demoData: false, freshness }),
      children: [{ index: true, Component: () => <div data-testid="page">{element}</div> }],
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

const race: BoardRace = {
  id: 7,
  title: "November 2026 Monthly Wager Race",
  type: "monthly",
  status: "live",
  prizePoolCents: 50_000,
  startDate: "2026-11-01T00:00:00.000Z",
  endDate: "2026-12-01T00:00:00.000Z",
  distribution: MONTHLY_RACE_SHARES,
  description: null,
  rules: null,
};
const board = (shown: BoardRace) => (
  <RaceBoard
    race={shown}
    participants={[]}
    view="active"
    serverNow={NOW}
    nextRaceStart={null}
    transitionEnds={null}
    listen={false}
  />
);
const snapshot: LeaderboardSnapshot = {
  top: { daily: [], weekly: [], monthly: [], all_time: [] },
  totalWagered: 0,
  activeByPeriod: { daily: 0, weekly: 0, monthly: 0, all_time: 0 },
  lastUpdated: stale.lastUpdated,
};
const widget = <RaceWidget current={{ ...race, leaders: [] }} previous={null} serverNow={NOW} />;
const pieces: Array<[string, ReactNode]> = [
  ["the race board", board(race)],
  [
    "the home page's live sections",
    <HomeLiveSections
      key="home"
      snapshot={snapshot}
      pulses={{ daily: null, weekly: null, monthly: null }}
      playerHref={(uid) => `/?player=${uid}`}
      headlines={() => null}
    />,
  ],
  ["the race widget", widget],
];

describe("StaleDataAge", () => {
  for (const [name, element] of pieces) {
    it(`${name} says how old stale data is`, async () => {
      renderUnderRoot(stale, element);
      expect((await screen.findByText("3 minutes ago")).closest("p")?.textContent).toBe(
        "Updated 3 minutes ago",
      );
    });

    it(`${name} says nothing about fresh data`, async () => {
      renderUnderRoot(fresh, element);
      expect(await screen.findByTestId("page")).toBeTruthy();
      expect(screen.queryByText(/^Updated/)).toBeNull();
    });
  }

  it("says 'Not synced yet' before any good sync", async () => {
    renderUnderRoot({ ...stale, lastUpdated: null }, board(race));
    expect(await screen.findByText("Not synced yet")).toBeTruthy();
  });

  it("leaves a completed race's frozen results without an age", async () => {
    renderUnderRoot(stale, board({ ...race, status: "completed" }));
    expect(await screen.findByText(race.title)).toBeTruthy();
    expect(screen.queryByText("3 minutes ago")).toBeNull();
  });
});
