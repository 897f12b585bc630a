import WebSocket from "ws";
import { E2E_BASE_URL } from "../../playwright.config";
import { expect, jsEnabled, test } from "./fixtures";

const WS_BASE = E2E_BASE_URL.replace(/^http/, "ws");

function refusalStatus(path: string, origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${WS_BASE}${path}`, { origin });
    socket.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
    socket.on("open", () => reject(new Error("the upgrade was accepted")));
    socket.on("error", () => {});
  });
}

test("a websocket client on /ws/leaderboard gets CONNECTED and a PONG", async ({ page }, info) => {
  if (jsEnabled(info.project.name)) {
    // From the page itself, through the site's Content-Security-Policy.
    await page.goto("/");
    const messages = await page.evaluate(
      () =>
        new Promise<unknown[]>((resolve, reject) => {
          const socket = new WebSocket(`ws://${location.host}/ws/leaderboard`);
          const received: unknown[] = [];
          socket.onmessage = (event) => {
            received.push(JSON.parse(event.data as string));
            if (received.length === 1) socket.send(JSON.stringify({ type: "PING" }));
            if (received.length === 2) {
              socket.close(1000);
              resolve(received);
            }
          };
          socket.onerror = () => reject(new Error("websocket error"));
          setTimeout(() => reject(new Error("timed out")), 5000);
        }),
    );
    expect(messages).toEqual([
      { type: "CONNECTED", timestamp: expect.any(String) },
      { type: "PONG", timestamp: expect.any(String) },
    ]);
  } else {
    const socket = new WebSocket(`${WS_BASE}/ws/leaderboard`, { origin: E2E_BASE_URL });
    const messages: { type: string }[] = [];
    socket.on("message", (data) => {
      messages.push(JSON.parse(data.toString()));
      if (messages.length === 1) socket.send(JSON.stringify({ type: "PING" }));
    });
    await expect.poll(() => messages.map((m) => m.type)).toEqual(["CONNECTED", "PONG"]);
    socket.close(1000);
  }
});

// The rest talk to the server without a browser: the projects (JavaScript off or on) do not
// change what they send.
test.describe("without a browser", () => {
  test.beforeEach(({}, info) => {
    test.skip(info.project.name !== "js-off", "no browser involved: one project is enough");
  });

  test("a cross-origin websocket upgrade is refused", async () => {
    expect(await refusalStatus("/ws/leaderboard", "http://evil.example")).toBe(403);
    expect(await refusalStatus("/ws/chat", "http://evil.example")).toBe(403);
  });

  test("other websocket paths are refused, and /ws/chat needs a session", async () => {
    expect(await refusalStatus("/ws/elsewhere", E2E_BASE_URL)).toBe(404);
    expect(await refusalStatus("/ws/chat", E2E_BASE_URL)).toBe(401);
  });

  test("a cross-origin POST is refused with 403 and a clear message", async ({ request }) => {
    const refused = await request.post("/", {
      headers: { Origin: "http://evil.example" },
      form: { anything: "1" },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain("this request came from another site");
    // An API path answers the same refusal as JSON.
    const api = await request.post("/api/user/update", {
      headers: { Origin: "http://evil.example" },
      data: { bio: "x" },
    });
    expect(api.status()).toBe(403);
    expect(await api.json()).toMatchObject({
      status: "error",
      message: expect.stringContaining("this request came from another site"),
    });

    // The same POST from the site itself is not refused by the origin check.
    const own = await request.post("/", {
      headers: { Origin: E2E_BASE_URL },
      form: { anything: "1" },
    });
    expect(own.status()).not.toBe(403);
  });

  test("/healthz answers 200 while the database answers", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe("ok");
  });

  test("fingerprinted assets are cached for a year, other public files briefly", async ({
    request,
  }) => {
    // The stylesheet is inlined (docs/decisions/0030); the scripts are fingerprinted files.
    // Held until the first paint, a preload's URL is in data-href (docs/decisions/0040); read from
    // the document the server sends (a hydrated page no longer holds the preloads).
    const document = await (await request.get("/")).text();
    const script = /<link rel="modulepreload" data-href="([^"]+)"/.exec(document)?.[1];
    expect(script).toMatch(/^\/build\//);
    const asset = await request.get(script ?? "");
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const favicon = await request.get("/favicon.svg");
    expect(favicon.headers()["cache-control"]).toBe("public, max-age=3600");
    const html = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(html.headers()["content-encoding"]).toBe("gzip");
  });
});
