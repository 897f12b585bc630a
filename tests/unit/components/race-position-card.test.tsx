// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { RacePositionCard } from "~/components/race/RacePositionCard";
import type { RacePosition } from "~/domain/race";

afterEach(cleanup);

const position: RacePosition = {
  position: 4,
  totalParticipants: 87,
  wagerAmount: 25_000.5,
  previousPosition: 7,
  raceType: "monthly",
  raceTitle: "November 2026 Monthly Wager Race",
  endDate: "2026-12-01T00:00:00.000Z",
  gapToNextCents: 12_345,
  gapToPaidCents: 0,
};
const now = "2026-11-21T12:00:00.000Z";

describe("RacePositionCard", () => {
  it("shows the position, its change, the wager, the race and the days left", () => {
    render(<RacePositionCard kind="loaded" position={position} now={now} />);
    expect(screen.getByText("Monthly Race")).toBeTruthy();
    expect(screen.getByText("#4 of 87 participants")).toBeTruthy();
    const change = screen.getByTestId("position-change");
    expect(change.textContent).toBe("+3");
    expect(change.className).toContain("text-success");
    expect(screen.getByText("$25,000.50")).toBeTruthy();
    expect(screen.getByText("November 2026 Monthly Wager Race")).toBeTruthy();
    // 9.5 days left, rounded up.
    expect(screen.getByText("10 days")).toBeTruthy();
  });

  it("marks a fall red, no change grey, and hides the change without a previous position", () => {
    const { rerender } = render(
      <RacePositionCard kind="loaded" position={{ ...position, previousPosition: 2 }} now={now} />,
    );
    expect(screen.getByTestId("position-change").textContent).toBe("-2");
    expect(screen.getByTestId("position-change").className).toContain("text-destructive");
    rerender(
      <RacePositionCard kind="loaded" position={{ ...position, previousPosition: 4 }} now={now} />,
    );
    expect(screen.getByTestId("position-change").textContent).toBe("0");
    expect(screen.getByTestId("position-change").className).toContain("text-muted");
    rerender(
      <RacePositionCard
        kind="loaded"
        position={{ ...position, previousPosition: null }}
        now={now}
      />,
    );
    expect(screen.queryByTestId("position-change")).toBeNull();
  });

  it("asks an unlinked user to connect, and never makes up a position on failure", () => {
    const { rerender } = render(<RacePositionCard kind="unlinked" />);
    expect(
      screen.getByText("Link your Goated account to see your wager race position"),
    ).toBeTruthy();
    const connect = screen.getByRole("link", { name: "Connect to Goated" });
    expect(connect.getAttribute("target")).toBe("_blank");
    rerender(<RacePositionCard kind="error" />);
    expect(
      screen.getByText("Unable to load race position data. Please try again later."),
    ).toBeTruthy();
    expect(screen.queryByText(/participants/)).toBeNull();
  });
});
