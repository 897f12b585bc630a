import { createSignedInAccount, signInAs } from "./accounts";
import { expect, test } from "./fixtures";

test("a session row created for a test signs the browser in @js-off-only", async ({
  page,
  context,
}) => {
  // @js-off-only: the server's page, the same with JavaScript.
  const account = await createSignedInAccount({});
  await signInAs(context, account);
  await page.goto("/");
  await expect(page.getByRole("banner")).toContainText(account.username);
});
