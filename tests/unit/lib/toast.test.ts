import { describe, expect, it } from "vitest";
import { createToastHeaders, readToast, redirectWithToast } from "~/http/toast.server";

function requestWithCookies(setCookies: string[]): Request {
  const cookie = setCookies.map((c) => c.split(";")[0]).join("; ");
  return new Request("http://site.test/", { headers: { Cookie: cookie } });
}

describe("flash toast cookie", () => {
  it("carries a toast from an action's response to the next page, once", async () => {
    const set = (
      await createToastHeaders({ title: "Preferences Updated", type: "success" })
    ).getSetCookie();
    const { toast, headers } = await readToast(requestWithCookies(set));
    expect(toast).toMatchObject({
      title: "Preferences Updated",
      type: "success",
      id: expect.any(String),
    });
    // The page's response clears it, so a reload does not show it again.
    expect(headers.get("Set-Cookie")).toMatch(/gv_toast=;.*Max-Age=0/i);
  });

  it("defaults to the default type", async () => {
    const set = (await createToastHeaders({ title: "Hello" })).getSetCookie();
    expect((await readToast(requestWithCookies(set))).toast?.type).toBe("default");
  });

  it("ignores a forged (unsigned) toast cookie", async () => {
    const forged = `gv_toast=${btoa(JSON.stringify({ id: "x", type: "success", title: "Hacked" }))}`;
    const { toast } = await readToast(
      new Request("http://site.test/", { headers: { Cookie: forged } }),
    );
    expect(toast).toBeNull();
  });

  it("shows nothing and sets nothing when there is no toast", async () => {
    const { toast, headers } = await readToast(new Request("http://site.test/"));
    expect(toast).toBeNull();
    expect(headers.get("Set-Cookie")).toBeNull();
  });

  it("redirects with the toast, keeping the response's own cookies beside it", async () => {
    const response = await redirectWithToast(
      "/profile",
      { title: "Saved", type: "success" },
      { headers: { "Set-Cookie": "gv_session=abc; Path=/" } },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile");
    const set = response.headers.getSetCookie();
    expect(set.some((cookie) => cookie.startsWith("gv_session=abc"))).toBe(true);
    expect((await readToast(requestWithCookies(set))).toast?.title).toBe("Saved");
  });
});
