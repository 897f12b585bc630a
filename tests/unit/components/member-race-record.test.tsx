// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MemberRaceRecord } from "~/components/profile/MemberRaceRecord";
import { memberRecord } from "~/domain/member-record";

afterEach(cleanup);

describe("MemberRaceRecord (/user/:id)", () => {
  it("shows the race record, achievements and history the API answers", () => {
    const record = memberRecord({
      allTimeWagered: 12_000,
      finishes: [
        {
          raceId: 7,
          title: "November 2026 Monthly Wager Race",
          endDate: "2026-12-01T00:00:00.000Z",
          position: 1,
          wager: 5_000,
          prizeCents: 21_250,
        },
      ],
      rankReachedAt: {},
    });
    render(<MemberRaceRecord record={record} />);
    expect(screen.getByText("Best Finish").nextSibling?.textContent).toBe("#1");
    expect(screen.getByText("Wins").nextSibling?.textContent).toBe("1");
    expect(screen.getByText("Total Prizes").nextSibling?.textContent).toBe("$212.50");
    expect(screen.getByText("First Podium")).toBeTruthy();
    expect(screen.getByText("Bronze Rank")).toBeTruthy();
    const row = screen.getByRole("row", { name: /November 2026 Monthly Wager Race/ });
    expect(row.textContent).toContain("#1");
    expect(row.textContent).toContain("$212.50");
  });

  it("shows zeros and empty states for a member without races", () => {
    render(
      <MemberRaceRecord
        record={memberRecord({ allTimeWagered: 0, finishes: [], rankReachedAt: {} })}
      />,
    );
    expect(screen.getByText("Races Joined").nextSibling?.textContent).toBe("0");
    expect(screen.getByText("Best Finish").nextSibling?.textContent).toBe("None yet");
    expect(screen.getByText("No achievements yet.")).toBeTruthy();
    expect(screen.getByText("No completed races yet.")).toBeTruthy();
  });
});
