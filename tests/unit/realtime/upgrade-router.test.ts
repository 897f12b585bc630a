import { createServer } from "node:http";
import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import {
  createSocketHub,
  MAX_BUFFERED_BYTES,
  MAX_FRAME_BYTES,
  MESSAGE_RATE,
  SESSION_ENDED_CLOSE_CODE,
} from "~/realtime/socket-hub.server";
import type { SocketHub } from "~/realtime/socket-hub.server";
import { createUpgradeRouter, TOO_MANY_SOCKETS_MESSAGE } from "~/realtime/upgrade-router.server";
import type { UpgradeLimits } from "~/realtime/upgrade-router.server";

function upgradeRequest(url: string, headers: Record<string, string>): IncomingMessage {
  return { url, headers: { host: "site.test", ...headers } } as unknown as IncomingMessage;
}

describe("upgrade router rules", () => {
  const hub = {} as SocketHub; // decide() never touches the hub
  let signedIn = false;
  const router = createUpgradeRouter(
    {
      "/ws/leaderboard": { hub },
      "/ws/chat": {
        hub,
        identify: async () =>
          signedIn ? { sessionId: "session-1", userId: 1, isAdmin: false } : null,
        sessionRequired: true,
      },
    },
    null,
  );

  it("accepts /ws/leaderboard from the site's own origin, query string or not", async () => {
    for (const url of ["/ws/leaderboard", "/ws/leaderboard?x=1"]) {
      const decision = await router.decide(upgradeRequest(url, { origin: "http://site.test" }));
      expect(decision.accept).toBe(true);
    }
  });

  it("refuses every other path with 404", async () => {
    for (const url of ["/", "/ws", "/ws/leaderboard/extra", "/ws/admin", "/WS/LEADERBOARD"]) {
      const decision = await router.decide(upgradeRequest(url, { origin: "http://site.test" }));
      expect(decision).toMatchObject({ accept: false, status: 404 });
    }
  });

  it("refuses another origin with 403, before asking who is connecting", async () => {
    signedIn = true;
    for (const url of ["/ws/leaderboard", "/ws/chat"]) {
      const decision = await router.decide(upgradeRequest(url, { origin: "http://evil.test" }));
      expect(decision).toMatchObject({ accept: false, status: 403 });
    }
  });

  it("refuses /ws/chat with 401 without a session, and accepts it with one", async () => {
    signedIn = false;
    const origin = { origin: "http://site.test" };
    expect(await router.decide(upgradeRequest("/ws/chat", origin))).toMatchObject({
      accept: false,
      status: 401,
    });
    signedIn = true;
    expect(await router.decide(upgradeRequest("/ws/chat", origin))).toMatchObject({ accept: true });
  });

  it("checks against PUBLIC_ORIGIN exactly when it is configured", async () => {
    const strict = createUpgradeRouter({ "/ws/leaderboard": { hub } }, "https://goatedvips.gg");
    const at = (origin: string) =>
      strict.decide(upgradeRequest("/ws/leaderboard", { origin, host: "goatedvips.gg" }));
    expect((await at("https://goatedvips.gg")).accept).toBe(true);
    expect(await at("http://goatedvips.gg")).toMatchObject({ status: 403 });
  });
});

describe("websocket endpoints on a real http server", () => {
  let server: Server;
  let hub: SocketHub;
  let base: string;

  async function start(
    hubOptions: Parameters<typeof createSocketHub>[0] = {},
    limits: UpgradeLimits = {},
  ) {
    hub = createSocketHub(hubOptions);
    const router = createUpgradeRouter(
      {
        "/ws/leaderboard": { hub },
        "/ws/chat": {
          hub,
          // The test's stand-in for the session cookie: a `session` query parameter.
          identify: async (request: IncomingMessage) => {
            const sessionId = new URL(request.url ?? "/", "http://x").searchParams.get("session");
            return sessionId === null ? null : { sessionId, userId: 1, isAdmin: false };
          },
          sessionRequired: true,
        },
      },
      null,
      limits,
    );
    server = createServer((_req, res) => res.end());
    server.on("upgrade", router.handleUpgrade);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    base = `ws://127.0.0.1:${port}`;
    return port;
  }

  afterEach(async () => {
    await hub.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  function connect(path: string, options: WebSocket.ClientOptions = {}) {
    const origin = base.replace("ws:", "http:");
    const socket = new WebSocket(`${base}${path}`, { origin, ...options });
    const messages: Record<string, unknown>[] = [];
    socket.on("message", (data) => messages.push(JSON.parse(data.toString())));
    const next = async (count: number) => {
      await expect.poll(() => messages.length, { timeout: 2000 }).toBeGreaterThanOrEqual(count);
      return messages[count - 1];
    };
    return { socket, messages, next };
  }

  function refusal(path: string, origin: string, headers: Record<string, string> = {}) {
    return new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${base}${path}`, { origin, headers });
      socket.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      socket.on("open", () => reject(new Error("connection was accepted")));
      socket.on("error", () => {});
    });
  }

  it("greets with CONNECTED and answers PING with PONG", async () => {
    await start();
    const { socket, next } = connect("/ws/leaderboard");
    expect(await next(1)).toMatchObject({ type: "CONNECTED", timestamp: expect.any(String) });
    socket.send(JSON.stringify({ type: "PING" }));
    expect(await next(2)).toMatchObject({ type: "PONG", timestamp: expect.any(String) });
    socket.send("not json");
    expect(await next(3)).toMatchObject({ type: "ERROR", message: "Unsupported message" });
    socket.close();
  });

  it("refuses cross-origin upgrades, unknown paths and signed-out chat", async () => {
    await start();
    const own = base.replace("ws:", "http:");
    expect(await refusal("/ws/leaderboard", "http://evil.test")).toBe(403);
    expect(await refusal("/ws/nope", own)).toBe(404);
    expect(await refusal("/ws/chat", own)).toBe(401);
  });

  it("closes a client that sends a frame over 64 KiB with 1009", async () => {
    await start();
    const { socket, next } = connect("/ws/leaderboard");
    await next(1);
    const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
    socket.send("x".repeat(MAX_FRAME_BYTES + 1));
    expect(await closed).toBe(1009);
  });

  it("broadcasts to every open client", async () => {
    await start();
    const a = connect("/ws/leaderboard");
    const b = connect("/ws/leaderboard");
    await Promise.all([a.next(1), b.next(1)]);
    hub.broadcast({ type: "PONG", timestamp: "2026-01-01T00:00:00.000Z" });
    expect(await a.next(2)).toMatchObject({ timestamp: "2026-01-01T00:00:00.000Z" });
    expect(await b.next(2)).toMatchObject({ timestamp: "2026-01-01T00:00:00.000Z" });
    a.socket.close();
    b.socket.close();
  });

  it("drops a client that stops answering heartbeat pings", async () => {
    // A second between pings: the answering client, in this same process, answers in time even
    // when a loaded machine holds the process back (50 ms failed under load).
    await start({ heartbeatMs: 1_000 });
    const alive = connect("/ws/leaderboard");
    const dead = connect("/ws/leaderboard", { autoPong: false });
    await Promise.all([alive.next(1), dead.next(1)]);
    const deadClosed = new Promise<number>((resolve) => dead.socket.on("close", (c) => resolve(c)));
    expect(await deadClosed).toBe(1006); // terminated without a close frame
    expect(alive.socket.readyState).toBe(WebSocket.OPEN);
    await expect.poll(() => hub.clientCount()).toBe(1);
    alive.socket.close();
  });

  it("closes the sockets of an ended session, and only those", async () => {
    await start();
    const ended = connect("/ws/chat?session=ended");
    const other = connect("/ws/chat?session=other");
    const anonymous = connect("/ws/leaderboard");
    await Promise.all([ended.next(1), other.next(1), anonymous.next(1)]);
    const closed = new Promise<number>((resolve) => ended.socket.on("close", (c) => resolve(c)));
    hub.closeSessions(["ended"]);
    expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
    expect(anonymous.socket.readyState).toBe(WebSocket.OPEN);
    other.socket.close();
    anonymous.socket.close();
  });

  it("closes every client with 1001 when the hub shuts down", async () => {
    await start();
    const { socket, next } = connect("/ws/leaderboard");
    await next(1);
    const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
    await hub.close();
    expect(await closed).toBe(1001);
  });

  /** The server side of the next connection, with the most it ever buffered after a message. */
  function watchServerSide() {
    const watched = { socket: null as WebSocket | null, maxBuffered: 0 };
    hub.server.once("connection", (socket: WebSocket) => {
      watched.socket = socket;
      // Added after the hub's own listener: sees what the hub's answer left buffered.
      socket.on("message", () => {
        watched.maxBuffered = Math.max(watched.maxBuffered, socket.bufferedAmount);
      });
    });
    return watched;
  }

  const closeOf = (socket: WebSocket) =>
    new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));

  it("drops a client that floods PINGs without reading, with the server's buffer bounded", async () => {
    // No message limit here: this is the buffer's test, not the rate limit's.
    await start({ messageRate: { perSecond: Infinity, burst: Infinity } });
    const watched = watchServerSide();
    const { socket, next } = connect("/ws/leaderboard");
    await next(1);
    (socket as unknown as { _socket: { pause(): void } })._socket.pause();
    const closed = closeOf(socket);
    const ping = JSON.stringify({ type: "PING" });
    // Far more PONGs than the kernel's buffers and MAX_BUFFERED_BYTES hold (about 60 bytes each).
    let sent = 0;
    while (sent < 400_000 && socket.readyState === WebSocket.OPEN) {
      for (let i = 0; i < 2000; i += 1) socket.send(ping);
      sent += 2000;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await expect.poll(() => hub.clientCount(), { timeout: 20_000 }).toBe(0);
    expect(watched.socket?.readyState).toBe(WebSocket.CLOSED);
    expect(watched.maxBuffered).toBeGreaterThan(0);
    expect(watched.maxBuffered).toBeLessThanOrEqual(MAX_BUFFERED_BYTES + 1024);
    socket.terminate();
    await closed;
  }, 30_000);

  it("drops a client that stops reading broadcasts", async () => {
    await start();
    const watched = watchServerSide();
    const { socket, next } = connect("/ws/leaderboard");
    await next(1);
    (socket as unknown as { _socket: { pause(): void } })._socket.pause();
    const update = { type: "PONG" as const, timestamp: "x".repeat(60_000) };
    let maxBuffered = 0;
    for (let i = 0; i < 2000 && hub.clientCount() > 0; i += 1) {
      hub.broadcast(update);
      maxBuffered = Math.max(maxBuffered, watched.socket?.bufferedAmount ?? 0);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(hub.clientCount()).toBe(0);
    expect(maxBuffered).toBeLessThanOrEqual(MAX_BUFFERED_BYTES + 64 * 1024);
    socket.terminate();
  }, 30_000);

  it("closes a client that sends more messages than the rate allows with 1008", async () => {
    await start();
    const { socket, next } = connect("/ws/leaderboard");
    await next(1);
    const closed = closeOf(socket);
    for (let i = 0; i <= MESSAGE_RATE.burst * 5; i += 1)
      socket.send(JSON.stringify({ type: "PING" }));
    expect(await closed).toBe(1008);
    await expect.poll(() => hub.clientCount()).toBe(0);
  });

  it("answers a client that keeps to the rate", async () => {
    await start();
    const { socket, next } = connect("/ws/leaderboard");
    await next(1);
    for (let i = 0; i < MESSAGE_RATE.burst; i += 1) socket.send(JSON.stringify({ type: "PING" }));
    expect(await next(1 + MESSAGE_RATE.burst)).toMatchObject({ type: "PONG" });
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it("refuses the upgrade past the per-address cap with 429, and counts closed sockets out", async () => {
    await start({}, { maxSocketsPerAddress: 3 });
    const own = base.replace("ws:", "http:");
    const open = [
      connect("/ws/leaderboard"),
      connect("/ws/chat?session=a"),
      connect("/ws/leaderboard"),
    ];
    await Promise.all(open.map((client) => client.next(1)));
    expect(await refusal("/ws/leaderboard", own)).toBe(429);
    // Another address (as a local reverse proxy says) still gets in.
    const other = connect("/ws/leaderboard", { headers: { "X-Forwarded-For": "203.0.113.9" } });
    await other.next(1);
    const closed = closeOf(open[0]!.socket);
    open[0]!.socket.close();
    await closed;
    const again = connect("/ws/leaderboard");
    expect(await again.next(1)).toMatchObject({ type: "CONNECTED" });
    for (const client of [...open, other, again]) client.socket.close();
  });

  it("says why it refuses past the cap", async () => {
    await start({}, { maxSocketsPerAddress: 1 });
    const first = connect("/ws/leaderboard");
    await first.next(1);
    const body = await new Promise<string>((resolve) => {
      const socket = new WebSocket(`${base}/ws/leaderboard`, {
        origin: base.replace("ws:", "http:"),
      });
      socket.on("error", () => {});
      socket.on("unexpected-response", (_req, res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve(text));
      });
    });
    expect(body).toBe(`${TOO_MANY_SOCKETS_MESSAGE}\n`);
    first.socket.close();
  });
});
