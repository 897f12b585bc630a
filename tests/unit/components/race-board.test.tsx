// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RaceBoard } from "~/components/race/RaceBoard";
import { RaceLoadError } from "~/components/race/RaceLoadError";
import type { BoardRace, Participant, RaceStanding } from "~/domain/race";
import { MONTHLY_RACE_SHARES } from "~/domain/race-prizes";

/** A stand-in for the browser's WebSocket that the test can speak through. */
class FakeSocket {
  static last: FakeSocket | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  close() {}
  receive(message: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
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
const participants: Participant[] = [
  { position: 1, uid: "u1", name: "Alpha", wager: 12_000, prizeCents: 21_250 },
];

// A signed-in player in 14th place: the server's figures, in cents.
const standing: RaceStanding = {
  raceId: 7,
  standing: { position: 14, uid: "u14", name: "Fourteenth", wager: 2_000 },
  gapToNextCents: 10_001,
  gapToPaidCents: 124_000,
};

let loads = 0;
function renderBoard(now: string, shownStanding: RaceStanding | null = null) {
  const Stub = createRemixStub([
    {
      path: "/wager-races",
      loader: () => {
        loads += 1;
        return null;
      },
      Component: () => (
        <RaceBoard
          race={race}
          participants={participants}
          view="active"
          serverNow={now}
          nextRaceStart={null}
          transitionEnds={null}
          listen
          standing={shownStanding}
        />
      ),
    },
  ]);
  render(<Stub initialEntries={["/wager-races"]} />);
}

beforeEach(() => {
  loads = 0;
  FakeSocket.last = null;
  // Timers advance on their own too, so Testing Library's findBy* polling still runs.
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ["Date", "setTimeout", "setInterval", "clearTimeout", "clearInterval"],
  });
  vi.stubGlobal("WebSocket", FakeSocket);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The live board at about 2026-11-21 12:00 UTC with its /ws/leaderboard socket open. */
async function openBoardWithSocket(shownStanding: RaceStanding | null = null): Promise<FakeSocket> {
  // Half a minute before the server's "now": the countdown reads 9d 12h 0m however long a loaded
  // machine takes to render (time advances on its own, see beforeEach).
  vi.setSystemTime(new Date("2026-11-21T11:59:30.000Z"));
  renderBoard("2026-11-21T12:00:00.000Z", shownStanding);
  expect(await screen.findByText("Current Participants")).toBeTruthy();
  expect(screen.getByTestId("race-countdown").textContent).toBe("9d 12h 0m");
  // React runs effects from a (faked) timer: let it.
  await act(async () => {
    vi.advanceTimersByTime(10);
  });
  const socket = FakeSocket.last;
  if (!socket) throw new Error("the board opened no socket");
  expect(socket.url).toMatch(/\/ws\/leaderboard$/);
  return socket;
}

describe("RaceBoard with JavaScript", () => {
  it("shows 'Race Completed' with the winners on RACE_COMPLETED, and reverts after an hour", async () => {
    const socket = await openBoardWithSocket();

    socket.receive({
      type: "RACE_COMPLETED",
      data: {
        raceId: 7,
        winners: [{ position: 1, uid: "u9", name: "Zed", wager: 99_000, prize: 212.5 }],
        previousRaceEnd: "2026-11-21T12:00:00.000Z",
        nextRaceStart: "2026-12-01T00:00:00.000Z",
      },
      timestamp: "2026-11-21T12:00:00.000Z",
    });
    expect(screen.getByText("Race Completed")).toBeTruthy();
    expect(screen.getByText("Previous Race Participants")).toBeTruthy();
    expect(screen.getByText("Zed")).toBeTruthy();
    expect(screen.getByText("Next Race Starts In")).toBeTruthy();

    const loadsBefore = loads;
    await act(async () => {
      vi.advanceTimersByTime(60 * 60 * 1000 + 1000);
    });
    expect(screen.getByText("Current Participants")).toBeTruthy();
    expect(loads).toBeGreaterThan(loadsBefore);
  });

  it("ignores a RACE_COMPLETED message about another race", async () => {
    const socket = await openBoardWithSocket();

    // Say an admin completed a weekly race while the monthly board is open.
    socket.receive({
      type: "RACE_COMPLETED",
      data: {
        raceId: 8,
        winners: [{ position: 1, uid: "u9", name: "Zed", wager: 99_000, prize: 100 }],
        previousRaceEnd: "2026-11-21T12:00:00.000Z",
        nextRaceStart: "2026-11-28T00:00:00.000Z",
      },
      timestamp: "2026-11-21T12:00:00.000Z",
    });
    expect(screen.queryByText("Race Completed")).toBeNull();
    expect(screen.getByText("Current Participants")).toBeTruthy();
    expect(screen.getByText("Alpha")).toBeTruthy();
    expect(screen.queryByText("Zed")).toBeNull();
  });

  it("turns to 'Race Completed' when the countdown reaches the end", async () => {
    vi.setSystemTime(new Date("2026-11-30T23:59:58.000Z"));
    renderBoard("2026-11-30T23:59:58.000Z");
    expect(await screen.findByText("Current Participants")).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByText("Race Completed")).toBeTruthy();
    expect(screen.getByText("Alpha")).toBeTruthy();
    // The first of the next month after the end.
    expect(screen.getByTestId("race-countdown").getAttribute("datetime")).toBe(
      "2027-01-01T00:00:00.000Z",
    );
  });
});

describe("the signed-in player's place", () => {
  it("pins their row under the top 10 with the gaps, and hides it once the race completes live", async () => {
    const socket = await openBoardWithSocket(standing);
    const pinned = screen.getByTestId("pinned-standing");
    expect(pinned.querySelector('tr[data-uid="u14"]')?.textContent).toContain("Fourteenth");
    expect(pinned.textContent).toContain(
      "$1,240.00 more puts you in the prizes · $100.01 more moves you up to #13",
    );

    // The race completed live: the gaps no longer hold, so they are not shown.
    socket.receive({
      type: "RACE_COMPLETED",
      data: {
        raceId: 7,
        winners: [{ position: 1, uid: "u9", name: "Zed", wager: 99_000, prize: 212.5 }],
        previousRaceEnd: "2026-11-21T12:00:00.000Z",
        nextRaceStart: "2026-12-01T00:00:00.000Z",
      },
      timestamp: "2026-11-21T12:00:00.000Z",
    });
    expect(screen.getByText("Race Completed")).toBeTruthy();
    expect(screen.queryByTestId("pinned-standing")).toBeNull();
  });

  it("pins no row for a player among the rows shown, and says the race has no wager of theirs yet", async () => {
    vi.setSystemTime(new Date("2026-11-21T11:59:30.000Z"));
    renderBoard("2026-11-21T12:00:00.000Z", {
      raceId: 7,
      standing: { position: 1, uid: "u1", name: "Alpha", wager: 12_000 },
      gapToNextCents: null,
      gapToPaidCents: 0,
    });
    const pinned = await screen.findByTestId("pinned-standing");
    expect(pinned.querySelector("tr")).toBeNull();
    expect(pinned.textContent).toContain("You are in the prizes · You lead the race");
    cleanup();
    renderBoard("2026-11-21T12:00:00.000Z", {
      raceId: 7,
      standing: null,
      gapToNextCents: null,
      gapToPaidCents: null,
    });
    expect((await screen.findByTestId("pinned-standing")).textContent).toContain(
      "You have no wager in this race yet",
    );
  });
});

describe("RaceLoadError", () => {
  it("says 'Failed to load race data' with the details and a Retry", async () => {
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => <RaceLoadError details="Database busy" retryTo="/wager-races" />,
      },
    ]);
    render(<Stub />);
    expect(await screen.findByRole("heading", { name: "Failed to load race data" })).toBeTruthy();
    expect(screen.getByText("Database busy")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Retry" }).getAttribute("href")).toBe("/wager-races");
  });
});
