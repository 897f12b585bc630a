// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { RaceForm, raceFormDefaults } from "~/components/race/RaceForm";
import { MONTHLY_RACE_SHARES } from "~/domain/race-prizes";
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

/** Each position's share and prize listed under the sliders. */
function prizes() {
  const list = screen.getByRole("list", { name: "Prizes of positions 1 to 10" });
  return within(list)
    .getAllByRole("listitem")
    .map((item) => item.textContent);
}

afterEach(cleanup);

describe("RaceForm's prizes", () => {
  it("lists the default split of a new race in percent and dollars, and what is left", async () => {
    renderForm(null);
    await screen.findByRole("list", { name: "Prizes of positions 1 to 10" });
    expect(prizes()).toEqual([
      "#1 50% $100.00",
      "#2 15% $30.00",
      "#3 10% $20.00",
      "#4 5% $10.00",
      "#5 5% $10.00",
      "#6 3.75% $7.50",
      "#7 3.75% $7.50",
      "#8 2.5% $5.00",
      "#9 2.5% $5.00",
      "#10 2.5% $5.00",
    ]);
    expect(screen.getByText("Left for positions 4 to 10: 25%")).toBeTruthy();
  });

  it("follows the sliders and the pool in dollars as they move", async () => {
    renderForm(null);
    await screen.findByRole("list", { name: "Prizes of positions 1 to 10" });
    fireEvent.change(screen.getByRole("slider", { name: /^Position 1:/ }), {
      target: { value: "60" },
    });
    expect(prizes()[0]).toBe("#1 60% $120.00");
    expect(prizes()[3]).toBe("#4 3% $6.00");
    expect(screen.getByText("Left for positions 4 to 10: 15%")).toBeTruthy();

    fireEvent.change(screen.getByRole("spinbutton", { name: "Prize pool ($)" }), {
      target: { value: "333.33" },
    });
    // 15% of $333.33 is $49.9995, rounded down; the 9 cents the ten roundings leave over go to
    // first place ($199.998 rounded down, + $0.09).
    expect(prizes()[0]).toBe("#1 60% $200.08");
    expect(prizes()[1]).toBe("#2 15% $49.99");

    fireEvent.change(screen.getByRole("slider", { name: /^Position 2:/ }), {
      target: { value: "45" },
    });
    expect(
      screen.getByText("Positions 1 to 3 cannot share more than 100% of the pool: 15% too much."),
    ).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Prizes of positions 1 to 10" })).toBeNull();
  });

  it("shows an edited race's own split scaled to its pool until a slider moves", async () => {
    renderForm(monthly);
    await screen.findByRole("list", { name: "Prizes of positions 1 to 10" });
    expect(
      screen.getByText("This race keeps its own split, scaled to the pool, until a slider moves."),
    ).toBeTruthy();
    // The spec's 42.5% of 103.5%: $500 paid exactly, not $517.50.
    expect(prizes()[0]).toBe("#1 41.06% $205.36");
    expect(prizes()[9]).toBe("#10 1.69% $8.45");

    fireEvent.change(screen.getByRole("slider", { name: /^Position 1:/ }), {
      target: { value: "40" },
    });
    expect(prizes()[0]).toBe("#1 40% $200.00");
    expect(prizes()[3]).toBe("#4 5% $25.00");
    expect(screen.getByText("Left for positions 4 to 10: 25%")).toBeTruthy();
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
