import { describe, expect, it } from "vitest";
import { PANEL_CARDS, panelFigureLabel } from "~/domain/admin-panel";

// Issue 35's snag: the admin panel read "1 live races" and "1 users".
describe("panelFigureLabel", () => {
  const label = (figure: string) =>
    Object.fromEntries(PANEL_CARDS.map((card) => [card.figure, panelFigureLabel(card, figure)]));

  it("says a figure of 1 in the singular", () => {
    expect(label("1")).toMatchObject({
      users: "user",
      liveRaces: "live race",
      activeCodes: "active code",
      unreadSupport: "unread conversation",
      playersSynced: "player synced",
      notificationsThisMonth: "sent this month",
    });
  });

  it("says any other figure in the plural", () => {
    for (const figure of ["0", "2", "1,000", "11"]) {
      expect(label(figure)).toMatchObject({
        users: "users",
        liveRaces: "live races",
        activeCodes: "active codes",
        unreadSupport: "unread conversations",
        playersSynced: "players synced",
      });
    }
  });
});
