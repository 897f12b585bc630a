import { expect, test } from "./fixtures";

test("the race widget shows the current and previous race, and stays dismissed", async ({
  page,
}) => {
  await page.goto("/");
  const widget = page.getByRole("complementary", { name: "Wager race" });
  await expect(widget.getByTestId("race-widget-countdown")).toHaveText(/^\d+d \d+h \d+m$/);

  await widget.getByText("Wager Race", { exact: true }).click();
  await expect(widget.getByRole("link", { name: /Monthly Wager Race/ })).toBeVisible();

  await widget.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/raceWidget=previous/);
  await expect(widget.getByRole("link", { name: "Previous" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await widget.getByRole("link", { name: "Current" }).click();
  await expect(widget.getByRole("link", { name: /Monthly Wager Race/ })).toBeVisible();

  await widget.getByRole("button", { name: "Dismiss" }).click();
  await expect(widget).toHaveCount(0);
  // The server stops rendering it: a fresh load has no widget.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Wager race" })).toHaveCount(0);
});
