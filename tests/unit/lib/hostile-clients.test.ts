// Hostile clients (issue 30 item 6), the outside probe's shapes on real sockets: a body the app
// answered early without reading must not reset the kept-alive connection, slow clients are cut
// off by the header and request timeouts (configured short here), and a state-changing request
// whose Origin is not the host it was sent to is refused with 403, never Remix's 500.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_DISCARDED_BODY_BYTES } from "~/http/express-server.server";
import { readForm } from "~/http/form-body.server";
import { CROSS_ORIGIN_MESSAGE, HOST_MISMATCH_MESSAGE } from "~/lib/same-origin";
import { send, startHostileServer } from "./hostile-server";
import type { HostileServer } from "./hostile-server";

// The slow clients' server cuts them off this soon; the other tests' server has the production
// timeouts, so a request that is slow to arrive on a loaded machine is not taken for a slow client.
const SHORT_TIMEOUTS = { headersTimeoutMs: 300, requestTimeoutMs: 600 };

const routes = {
  support: {
    loader: () => new Response("support page"),
    action: async ({ request }: { request: Request }) => {
      const form = await readForm(request);
      return new Response(`sent ${String(form.get("message")).length}`);
    },
  },
  "admin/login": { action: () => new Response("admin form read") },
  ok: { loader: () => new Response("ok") },
};

let site: HostileServer;
beforeAll(async () => {
  site = await startHostileServer({ routes });
});
afterAll(async () => {
  await site.close();
});

interface Exchange {
  received: string;
  statuses: number[];
  /** The socket's error ("ECONNRESET"), or null when it closed cleanly or stayed open. */
  error: string | null;
  closed: boolean;
}

/**
 * Writes `parts` in turn (a part may be a pause in ms) on one connection, then reads until
 * `expected` answers came, the server closed it, or `waitMs` passed.
 */
function exchange(
  port: number,
  parts: (string | Buffer | number)[],
  { expected, waitMs = 5_000 }: { expected: number; waitMs?: number },
): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const result: Exchange = { received: "", statuses: [], error: null, closed: false };
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(finish, waitMs);
    socket.on("data", (chunk: Buffer) => {
      result.received += chunk.toString("latin1");
      result.statuses = [...result.received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) =>
        Number(m[1]),
      );
      if (result.statuses.length >= expected && /\r\n\r\n[^]*$/.test(result.received)) {
        // Give the last answer's body a moment, then stop.
        setTimeout(finish, 50);
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      result.error = error.code ?? error.message;
    });
    socket.on("close", () => {
      result.closed = true;
      finish();
    });
    void (async () => {
      for (const part of parts) {
        if (socket.destroyed) return;
        if (typeof part === "number") await new Promise((r) => setTimeout(r, part));
        else socket.write(part);
      }
    })();
  });
}

const host = () => `127.0.0.1:${site.port}`;
const nextGet = () => `GET /ok HTTP/1.1\r\nHost: ${host()}\r\n\r\n`;

function formPostHead(length: number | "chunked") {
  return (
    `POST /support HTTP/1.1\r\nHost: ${host()}\r\nOrigin: http://${host()}\r\n` +
    "Content-Type: application/x-www-form-urlencoded\r\n" +
    (length === "chunked" ? "Transfer-Encoding: chunked\r\n" : `Content-Length: ${length}\r\n`) +
    "\r\n"
  );
}

describe("an early answer on a kept-alive connection", () => {
  it("a 1 MB form refused by its length: the next request on the connection is answered", async () => {
    const body = `message=${"x".repeat(1_000_000 - 8)}`;
    for (let round = 0; round < 3; round += 1) {
      const result = await exchange(site.port, [formPostHead(body.length), body, nextGet()], {
        expected: 2,
      });
      expect(result.error).toBeNull();
      expect(result.statuses).toEqual([413, 200]);
    }
  });

  it("a chunked form past the limit: refused with 413, then the next request is answered", async () => {
    const chunk = `${(32 * 1024).toString(16)}\r\n${"x".repeat(32 * 1024)}\r\n`;
    const result = await exchange(
      site.port,
      [
        formPostHead("chunked"),
        "8\r\nmessage=\r\n",
        ...Array(8).fill(chunk),
        "0\r\n\r\n",
        nextGet(),
      ],
      { expected: 2 },
    );
    expect(result.error).toBeNull();
    expect(result.statuses).toEqual([413, 200]);
  });

  it("a body past what is discarded: 413, then the connection closes cleanly, not reset", async () => {
    const length = MAX_DISCARDED_BODY_BYTES + 1024 * 1024;
    const result = await exchange(site.port, [formPostHead(length), Buffer.alloc(length, "x")], {
      expected: 2,
    });
    expect(result.statuses).toEqual([413]);
    expect(result.closed).toBe(true);
    expect(result.error).toBeNull();
  });
});

describe("slow clients", () => {
  let slowSite: HostileServer;
  beforeAll(async () => {
    slowSite = await startHostileServer({ routes, timeouts: SHORT_TIMEOUTS });
  });
  afterAll(async () => {
    await slowSite.close();
  });

  /** A request whose `head` is sent a byte at a time, every `everyMs`, for up to 4 s. */
  function dribble(head: string, everyMs = 50) {
    const parts = [...head].flatMap((byte) => [byte, everyMs]);
    return exchange(slowSite.port, parts, { expected: 1, waitMs: 4_000 });
  }

  it("20 clients sending their headers a byte at a time are all cut off at the header timeout", async () => {
    const head = `GET /ok HTTP/1.1\r\nHost: ${host()}\r\nX-Slow: ${"a".repeat(200)}\r\n\r\n`;
    const results = await Promise.all(Array.from({ length: 20 }, () => dribble(head)));
    for (const result of results) {
      expect(result.closed).toBe(true);
      // Node answers 408 as it closes; the request itself was never answered.
      expect(result.statuses.every((status) => status === 408)).toBe(true);
    }
  });

  it("a websocket upgrade sent slowly is cut off by the same header timeout", async () => {
    const head =
      `GET /ws HTTP/1.1\r\nHost: ${host()}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${"A".repeat(22)}==\r\n\r\n`;
    const result = await dribble(head);
    expect(result.closed).toBe(true);
    expect(result.statuses.every((status) => status === 408)).toBe(true);
  });

  it("a form body sent a byte at a time is cut off at the request timeout", async () => {
    const body = `message=${"y".repeat(200)}`;
    const result = await exchange(
      slowSite.port,
      [formPostHead(body.length), ...[...body].flatMap((byte) => [byte, 50])],
      { expected: 1, waitMs: 4_000 },
    );
    expect(result.closed).toBe(true);
    expect(result.statuses.every((status) => status === 408)).toBe(true);
  });
});

describe("a state-changing request whose Origin is not the host it was sent to", () => {
  const form = { "Content-Type": "application/x-www-form-urlencoded" };

  it("X-Forwarded-Host other than the Origin's host: 403 with the reason, not Remix's 500", async () => {
    const answer = await send(site.port, {
      method: "POST",
      path: "/support",
      headers: {
        ...form,
        Host: host(),
        Origin: `http://${host()}`,
        "X-Forwarded-Host": "elsewhere.example",
      },
      body: "message=hi",
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toContain(HOST_MISMATCH_MESSAGE);
    const api = await send(site.port, {
      method: "POST",
      path: "/api/auth/login",
      headers: {
        "Content-Type": "application/json",
        Host: host(),
        Origin: `http://${host()}`,
        "X-Forwarded-Host": "elsewhere.example",
      },
      body: "{}",
    });
    expect(api.status).toBe(403);
    expect(JSON.parse(api.body)).toEqual({ status: "error", message: HOST_MISMATCH_MESSAGE });
  });

  it("the same request with a matching X-Forwarded-Host is served", async () => {
    const answer = await send(site.port, {
      method: "POST",
      path: "/support",
      headers: {
        ...form,
        Host: "site.example",
        Origin: "http://site.example",
        "X-Forwarded-Host": "site.example",
      },
      body: "message=hi",
    });
    expect(answer).toMatchObject({ status: 200, body: "sent 2" });
  });

  describe("with PUBLIC_ORIGIN and ADMIN_HOST set", () => {
    let sites: HostileServer;
    beforeAll(async () => {
      sites = await startHostileServer({
        routes,
        publicOrigin: "https://site.example",
        adminHost: "admin.example",
      });
    });
    afterAll(async () => {
      await sites.close();
    });
    const post = (path: string, hostHeader: string, origin: string) =>
      send(sites.port, {
        method: "POST",
        path,
        headers: { ...form, Host: hostHeader, Origin: origin },
        body: "message=hi",
      });

    it("a POST to the admin host from the public origin: 403, and the other way round", async () => {
      const toAdmin = await post("/admin/login", "admin.example", "https://site.example");
      expect(toAdmin.status).toBe(403);
      expect(toAdmin.body).toContain(CROSS_ORIGIN_MESSAGE);
      const toSite = await post("/support", "site.example", "https://admin.example");
      expect(toSite.status).toBe(403);
      expect(toSite.body).toContain(CROSS_ORIGIN_MESSAGE);
    });

    it("the admin host's own forms work on any port its name allows", async () => {
      for (const adminAt of ["admin.example", "admin.example:8443", "admin.example:4011"]) {
        const answer = await post("/admin/login", adminAt, `https://${adminAt}`);
        expect({ adminAt, ...answer }).toMatchObject({
          adminAt,
          status: 200,
          body: "admin form read",
        });
      }
      // Not another scheme, nor another name.
      expect((await post("/admin/login", "admin.example", "http://admin.example")).status).toBe(
        403,
      );
      expect((await post("/admin/login", "admin.example", "https://evil.example")).status).toBe(
        403,
      );
    });
  });
});
