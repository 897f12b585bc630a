// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { migrateToLatest } from "~db";
import { useLeaderboardSocket } from "~/realtime/use-leaderboard-socket";
import type { ServerMessage } from "~/realtime/messages";
import Leaderboard, { loader } from "~/routes/leaderboard";
import { db } from "~/services/db.server";
import { storeReferrals } from "~/services/players/player-store.server";
import { finishSyncRun, startSyncRun } from "~/services/operations/sync-runs.server";

/** Stands in for the browser's WebSocket: records each socket so a test can close it. */
class FakeSocket {
  static opened: FakeSocket[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closedWith: number | null = null;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  close(code: number) {
    this.closedWith = code;
  }
}

beforeAll(async () => {
  await migrateToLatest(db);
});

beforeEach(async () => {
  FakeSocket.opened = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  await db.deleteFrom("players").execute();
  await db.deleteFrom("sync_runs").execute();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function recordRun(outcome: "success" | "failed", error?: string) {
  const at = new Date();
  const run = await startSyncRun("provider", at);
  await finishSyncRun(
    run,
    outcome === "success"
      ? { outcome, players: 1, skipped: 0, changed: 1 }
      : { outcome, error: error ?? "failed" },
    at,
  );
}

function renderLeaderboard(path = "/leaderboard?period=daily") {
  const Stub = createRemixStub([
    {
      path: "/leaderboard",
      Component: Leaderboard,
      loader: ({ request }) =>
        loader({ request, params: {}, context: { cspNonce: "", clientIp: "127.0.0.1" } }),
    },
  ]);
  render(<Stub initialEntries={[path]} />);
}

describe("/leaderboard states", () => {
  it("says 'No Data Available' with 'Refresh Data' when nobody wagered in the period", async () => {
    await recordRun("success");
    renderLeaderboard();
    expect(await screen.findByRole("heading", { name: "No Data Available" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Refresh Data" }).getAttribute("href")).toBe(
      "/leaderboard?period=daily",
    );
    expect(screen.queryByText("Failed to load leaderboard data")).toBeNull();
  });

  it("says 'Failed to load leaderboard data' with Retry when there is no data and the last sync failed", async () => {
    await recordRun("failed", "Provider answered 500");
    renderLeaderboard();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load leaderboard data");
    expect(alert.textContent).toContain("Provider answered 500");
    expect(screen.getByRole("link", { name: "Retry" }).getAttribute("href")).toBe(
      "/leaderboard?period=daily",
    );
  });

  it("keeps showing the last good data, and how old it is, when a later sync failed", async () => {
    const now = new Date();
    await storeReferrals(
      [
        {
          uid: "p1",
          name: "StillHere",
          wagered: { today: 10, this_week: 10, this_month: 10, all_time: 10 },
        },
      ],
      { now, isDemo: false },
    );
    await recordRun("success");
    await recordRun("failed");
    renderLeaderboard();
    expect(await screen.findByRole("link", { name: "StillHere" })).toBeTruthy();
    expect(screen.queryByText("Failed to load leaderboard data")).toBeNull();
    expect(
      screen
        .getByText(/^Updated/)
        .querySelector("time")
        ?.getAttribute("dateTime"),
    ).toBe(
      (
        await db
          .selectFrom("sync_runs")
          .select("finished_at")
          .where("outcome", "=", "success")
          .executeTakeFirst()
      )?.finished_at,
    );
  });
});

describe("/leaderboard counts and medals", () => {
  beforeEach(async () => {
    const wagered = (amount: number) => ({
      today: amount,
      this_week: amount,
      this_month: amount,
      all_time: amount,
    });
    await storeReferrals(
      [
        { uid: "z1", name: "ZebraOne", wagered: wagered(300) },
        { uid: "z2", name: "ZebraTwo", wagered: wagered(200) },
        { uid: "o1", name: "Other", wagered: wagered(100) },
      ],
      { now: new Date(), isDemo: false },
    );
    await recordRun("success");
  });

  it("says how many players there are, and a search's matches of them", async () => {
    renderLeaderboard();
    expect((await screen.findByText(/^Total players:/)).textContent).toBe("Total players: 3");
    cleanup();
    renderLeaderboard("/leaderboard?period=daily&q=zebra");
    expect((await screen.findByText(/matches of/)).textContent).toBe("2 matches of 3 players");
    cleanup();
    renderLeaderboard("/leaderboard?period=daily&q=other");
    expect((await screen.findByText(/match of/)).textContent).toBe("1 match of 3 players");
  });

  it("draws the top 3's medals as SVG named by their rank", async () => {
    renderLeaderboard();
    for (const rank of [1, 2, 3]) {
      const medal = await screen.findByRole("img", { name: `Rank ${rank}` });
      expect(medal.tagName.toLowerCase()).toBe("svg");
      expect(medal.closest("td")?.textContent).toBe(String(rank));
    }
  });
});

describe("the /ws/leaderboard client", () => {
  function Listener({ onMessage }: { onMessage: (message: ServerMessage) => void }) {
    useLeaderboardSocket(onMessage);
    return null;
  }

  it("hands over messages, reconnects 5 s after an abnormal close, and not after a normal one", () => {
    vi.useFakeTimers();
    const received: ServerMessage[] = [];
    const { unmount } = render(<Listener onMessage={(m) => received.push(m)} />);
    expect(FakeSocket.opened).toHaveLength(1);
    const [first] = FakeSocket.opened;
    expect(first?.url).toMatch(/^ws:\/\/[^/]+\/ws\/leaderboard$/);

    act(() => first?.onmessage?.({ data: JSON.stringify({ type: "PONG", timestamp: "t" }) }));
    act(() => first?.onmessage?.({ data: "not json" }));
    expect(received).toEqual([{ type: "PONG", timestamp: "t" }]);

    act(() => first?.onclose?.({ code: 1006 }));
    act(() => vi.advanceTimersByTime(4_999));
    expect(FakeSocket.opened).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeSocket.opened).toHaveLength(2);

    act(() => FakeSocket.opened[1]?.onclose?.({ code: 1000 }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(FakeSocket.opened).toHaveLength(2);

    unmount();
    expect(FakeSocket.opened[1]?.closedWith).toBe(1000);
  });
});
