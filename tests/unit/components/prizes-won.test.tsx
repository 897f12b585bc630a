// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PrizesWon } from "~/components/profile/PrizesWon";
import { RaceParticipantsTable } from "~/components/race/RaceParticipantsTable";
import type { PrizeWon } from "~/domain/race-payouts";

afterEach(cleanup);

function renderAt(element: React.ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => element }]);
  render(<Stub />);
}

describe("the payout ledger where players look (issue 32)", () => {
  it("lists the member's prizes with 'Paid' and the date, or their status", () => {
    const prizes: PrizeWon[] = [
      {
        raceId: 7,
        raceTitle: "November Race",
        place: 1,
        amountCents: 20_536,
        status: "paid",
        paidAt: "2026-11-27T23:30:00.000Z",
      },
      {
        raceId: 5,
        raceTitle: "Weekend Blitz",
        place: 3,
        amountCents: 1_000,
        status: "held",
        paidAt: null,
      },
      {
        raceId: 4,
        raceTitle: "Old Race",
        place: 2,
        amountCents: 500,
        status: "unpaid",
        paidAt: null,
      },
    ];
    renderAt(<PrizesWon prizes={prizes} />);
    const items = screen.getAllByRole("listitem").map((item) => item.textContent);
    expect(items).toEqual([
      "#1 November Race$205.36 Paid Nov 27, 2026",
      "#3 Weekend Blitz$10.00 Held",
      "#2 Old Race$5.00 Unpaid",
    ]);
    expect(screen.getByRole("link", { name: "November Race" }).getAttribute("href")).toBe(
      "/wager-races/7",
    );
  });

  it("says so when the member has won nothing", () => {
    renderAt(<PrizesWon prizes={[]} />);
    expect(screen.getByText("No race prizes yet.")).toBeTruthy();
  });

  it("puts 'Paid' and the date beside a paid prize in the race table, nothing beside the others", () => {
    renderAt(
      <RaceParticipantsTable
        view="completed"
        participants={[
          {
            position: 1,
            uid: "a",
            name: "Ann",
            wager: 900,
            prizeCents: 25_000,
            paidAt: "2026-11-02T08:00:00.000Z",
          },
          { position: 2, uid: "b", name: "Bob", wager: 500, prizeCents: 7_500, paidAt: null },
        ]}
      />,
    );
    const [ann, bob] = screen.getAllByRole("row").slice(1);
    expect(ann?.textContent).toContain("$250.00Paid Nov 2, 2026");
    expect(bob?.textContent).not.toContain("Paid");
  });
});
