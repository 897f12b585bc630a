// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { RaceWidget } from "~/components/race/RaceWidget";
import type { Participant, RaceStanding, WidgetRace } from "~/domain/race";

const leaders: Participant[] = [
  { position: 1, uid: "u1", name: "Alpha", wager: 12_000, prizeCents: 21_250 },
  { position: 2, uid: "u2", name: "Bravo", wager: 9_000, prizeCents: 10_000 },
  { position: 3, uid: "u3", name: "Charlie", wager: 5_000, prizeCents: 7_500 },
];
// Far in the future, so only the race's status can say that it ended.
const FAR_END = "2999-12-01T00:00:00.000Z";
const current: WidgetRace = {
  id: 2,
  title: "Current Race",
  status: "live",
  endDate: FAR_END,
  prizePoolCents: 50_000,
  leaders,
};
const completedEarly: WidgetRace = {
  ...current,
  id: 1,
  title: "Previous Race",
  status: "completed",
};

function renderWidget(search: string, standing: RaceStanding | null = null) {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <RaceWidget
          current={current}
          previous={completedEarly}
          serverNow={new Date().toISOString()}
          standing={standing}
        />
      ),
    },
  ]);
  render(<Stub initialEntries={[`/${search}`]} />);
}

afterEach(cleanup);

describe("RaceWidget", () => {
  it("shows 'Race Ended' for a previous race an admin completed before its end date", () => {
    renderWidget("?raceWidget=previous");
    const widget = screen.getByRole("complementary", { name: "Wager race" });
    expect(within(widget).getByText(/Prize pool/).textContent).toContain("Race Ended");
  });

  it("shows the signed-in player's place and gaps under the current race only", () => {
    const standing: RaceStanding = {
      raceId: current.id,
      standing: { position: 14, uid: "u14", name: "Fourteenth", wager: 2_000 },
      gapToNextCents: 10_001,
      gapToPaidCents: 124_000,
    };
    renderWidget("?raceWidget=current", standing);
    expect(screen.getByTestId("widget-standing").textContent).toBe(
      "You: #14 · $1,240.00 more puts you in the prizes · $100.01 more moves you up to #13",
    );
    cleanup();
    renderWidget("?raceWidget=previous", standing);
    expect(screen.queryByTestId("widget-standing")).toBeNull();
  });

  it("counts down to the current race's end", () => {
    renderWidget("?raceWidget=current");
    const widget = screen.getByRole("complementary", { name: "Wager race" });
    expect(within(widget).getByText(/Prize pool/).textContent).toMatch(/\d+d \d+h \d+m/);
  });

  it("draws the podium's medals as named SVG images, not emoji", () => {
    renderWidget("?raceWidget=current");
    const widget = screen.getByRole("complementary", { name: "Wager race" });
    for (const rank of [1, 2, 3]) {
      const medal = within(widget).getByRole("img", { name: `Rank ${rank}` });
      expect(medal.tagName.toLowerCase()).toBe("svg");
    }
    expect(widget.textContent).not.toMatch(/[\u{1F947}-\u{1F949}]/u);
  });
});
