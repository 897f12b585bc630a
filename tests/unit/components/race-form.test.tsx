// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { RaceForm, raceFormDefaults } from "~/components/race/RaceForm";
import { DEFAULT_ADMIN_SPLIT, MONTHLY_RACE_SHARES } from "~/domain/race-prizes";
import type { PrizeDistribution } from "~/domain/race-prizes";
import type { RaceView } from "~/domain/race";

const monthly: RaceView = {
  id: 3,
  title: "November 2026 Monthly Wager Race",
  type: "monthly",
  status: "live",
  prizePoolCents: 50_000,
  minWager: 1,
  startDate: "2026-11-01T00:00:00.000Z",
  endDate: "2026-12-01T00:00:00.000Z",
  distribution: MONTHLY_RACE_SHARES,
  rules: null,
  description: null,
  isAutomatic: true,
  completedAt: null,
};

function renderForm(race: RaceView | null) {
  const Stub = createRemixStub([
    {
      path: "/admin/wager-races",
      Component: () => (
        <RaceForm
          raceId={race?.id ?? null}
          defaults={raceFormDefaults(race, "2026-11-21")}
          distribution={race?.distribution ?? null}
          lastResult={undefined}
          cancelTo="/admin/wager-races"
        />
      ),
    },
  ]);
  render(<Stub initialEntries={["/admin/wager-races"]} />);
}

/** The shares listed under the sliders, positions 1 to 10, and the total shown. */
function savedShares() {
  const list = screen.getByRole("list", { name: "Shares of positions 1 to 10" });
  const shares = within(list)
    .getAllByRole("listitem")
    .map((item) => item.textContent);
  const total = screen.getByText("Total share:").textContent;
  return { shares, total };
}

const listed = (distribution: PrizeDistribution) =>
  Array.from({ length: 10 }, (_, i) => `#${i + 1} ${distribution[i + 1]}%`);

afterEach(cleanup);

describe("RaceForm's shares", () => {
  it("lists the default split of a new race with its total", async () => {
    renderForm(null);
    await screen.findByRole("list", { name: "Shares of positions 1 to 10" });
    expect(savedShares()).toEqual({
      shares: listed(DEFAULT_ADMIN_SPLIT),
      total: "Total share: 100%",
    });
  });

  it("shows an edited race's own split until a slider moves, then the split it would save", async () => {
    renderForm(monthly);
    await screen.findByRole("list", { name: "Shares of positions 1 to 10" });
    expect(savedShares()).toEqual({
      shares: listed(MONTHLY_RACE_SHARES),
      total: "Total share: 103.5%",
    });

    fireEvent.change(screen.getByRole("slider", { name: /^Position 1:/ }), {
      target: { value: "40" },
    });
    expect(savedShares()).toEqual({
      shares: listed({
        1: 40,
        2: 20,
        3: 15,
        4: 5,
        5: 5,
        6: 3.75,
        7: 3.75,
        8: 2.5,
        9: 2.5,
        10: 2.5,
      }),
      total: "Total share: 100%",
    });

    fireEvent.change(screen.getByRole("slider", { name: /^Position 2:/ }), {
      target: { value: "60" },
    });
    expect(
      screen.getByText("Positions 1 to 3 cannot share more than 100% of the pool"),
    ).toBeTruthy();
  });
});

describe("RaceForm's checks in the browser", () => {
  it("answers a field the admin leaves invalid before anything is sent", async () => {
    renderForm(null);
    const title = await screen.findByRole("textbox", { name: "Title" });
    fireEvent.input(title, { target: { value: "   " } });
    fireEvent.focusOut(title);
    expect(await screen.findByText("Title is required")).toBeTruthy();

    fireEvent.input(title, { target: { value: "Weekend Sprint" } });
    await waitFor(() => expect(screen.queryByText("Title is required")).toBeNull());
  });
});
