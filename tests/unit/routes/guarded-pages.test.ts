import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { readToast } from "~/http/toast.server";
import { loader as bonusCodes } from "~/routes/bonus-codes";
import { loader as notificationPreferences } from "~/routes/notification-preferences";
import { loader as profile } from "~/routes/profile";
import { loader as support } from "~/routes/support";
import { loader as userPage } from "~/routes/user.$id";
import { loader as vipTransfer } from "~/routes/vip-transfer";
import { db } from "~/services/db.server";

beforeAll(async () => {
  await migrateToLatest(db);
});

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;

/** The response a signed-out visitor's GET of `path` is thrown out with. */
async function signedOutVisit(loader: Loader, path: string, params = {}): Promise<Response> {
  const request = new Request(`http://localhost${path}`);
  try {
    await loader({ request, params, context: { cspNonce: "", clientIp: "127.0.0.1" } });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error(`${path} let a visitor in`);
}

/** The toast the redirect's cookie carries to the next page. */
async function toastOf(response: Response) {
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  const { toast } = await readToast(
    new Request("http://localhost/", { headers: { Cookie: cookies.join("; ") } }),
  );
  return toast;
}

describe("guarded pages (spec §2)", () => {
  it.each<[string, Loader, Record<string, string>?]>([
    ["/vip-transfer", vipTransfer],
    ["/vip-transfer?wager=1%2C000", vipTransfer],
    ["/support", support],
    ["/profile", profile],
    ["/profile?tab=sessions", profile],
    ["/notification-preferences", notificationPreferences],
    ["/user/1", userPage, { id: "1" }],
  ])(
    "send a visitor of %s to / with 'Please sign in to continue', and back after signing in",
    async (path, loader, params) => {
      const response = await signedOutVisit(loader, path, params);
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get("Location") ?? "", "http://localhost");
      expect(location.pathname).toBe("/");
      expect(location.searchParams.get("redirectTo")).toBe(path);
      expect(await toastOf(response)).toMatchObject({ title: "Please sign in to continue" });
    },
  );

  it("keep a page's own toast (bonus codes) and still come back to it", async () => {
    const response = await signedOutVisit(bonusCodes, "/bonus-codes");
    const location = new URL(response.headers.get("Location") ?? "", "http://localhost");
    expect(location.searchParams.get("redirectTo")).toBe("/bonus-codes");
    expect(await toastOf(response)).toMatchObject({
      title: "Authentication Required",
      description: "Please sign in to access bonus codes",
    });
  });
});
