import { createSignedInAccount, signInAs } from "./accounts";
import { expect, test } from "./fixtures";

test("a session row created for a test signs the browser in", async ({ page, context }) => {
  const account = await createSignedInAccount({});
  await signInAs(context, account);
  await page.goto("/");
  await expect(page.getByRole("banner")).toContainText(account.username);
});
