// The warm-up once data exists (docs/decisions/0112): what it asks of the server, when, and that
// its member half writes nothing.
import { createServer } from "node:http";
import type { Server } from "node:http";
import { describe, expect, it, vi } from "vitest";
import { migrateToLatest } from "~db";
import { warmUp, warmUpWhenData, WARM_UP_PATHS } from "~/server/warm-up.server";
import { memberWarmUp } from "~/server-runtime.server";
import { db } from "~/services/db.server";

/** A listening server recording what it was asked, and the member steps' calls. */
async function recordingServer() {
  const requests: { path: string; requestId: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ path: req.url ?? "", requestId: req.headers["x-request-id"] as string });
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const memberCalls: string[] = [];
  const member = {
    renderFrame: async (url: string, round: number) => {
      memberCalls.push(`frame ${round} ${new URL(url).pathname}`);
    },
    lookUp: async (url: string) => {
      memberCalls.push(`look-up ${new URL(url).pathname}`);
    },
  };
  return { server, requests, member, memberCalls };
}

describe("warmUp", () => {
  it("requests each main page and runs the member's steps, every round", async () => {
    const { server, requests, member, memberCalls } = await recordingServer();
    try {
      expect(await warmUp(server, member, { rounds: 3, maxMs: 60_000 })).toMatchObject({
        rounds: 3,
      });
      expect(requests).toEqual(
        [0, 1, 2].flatMap((round) =>
          WARM_UP_PATHS.map((path) => ({ path, requestId: `warm-up-${round}` })),
        ),
      );
      expect(memberCalls).toHaveLength(3 * WARM_UP_PATHS.length * 2);
      expect(memberCalls.slice(0, 2)).toEqual(["frame 0 /", "look-up /"]);
    } finally {
      server.close();
    }
  });

  it("stops when its time is up, when a step fails, and when the server is closed", async () => {
    const timed = await recordingServer();
    const failing = await recordingServer();
    try {
      expect(await warmUp(timed.server, timed.member, { rounds: 1_000, maxMs: 0 })).toMatchObject({
        rounds: 0,
      });
      expect(timed.requests).toEqual([]);
      const broken = {
        ...failing.member,
        lookUp: async () => {
          throw new Error("no database");
        },
      };
      expect(await warmUp(failing.server, broken, { rounds: 5 })).toMatchObject({ rounds: 0 });
      expect(failing.requests).toHaveLength(1);
      // A server closed by then (a shutdown): nothing to warm, and no error thrown.
      const closed = createServer();
      expect(await warmUp(closed, failing.member)).toMatchObject({ rounds: 0 });
    } finally {
      timed.server.close();
      failing.server.close();
    }
  });
});

describe("warmUpWhenData", () => {
  /** A data-changed event source, as the event bus's subscribe gives one. */
  function changes() {
    const listeners = new Set<() => void>();
    return {
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      emit: () => {
        for (const listener of [...listeners]) listener();
      },
      count: () => listeners.size,
    };
  }

  it("warms at once when the database has data, and only once", async () => {
    const source = changes();
    const warm = vi.fn(async () => {});
    warmUpWhenData({ hasData: async () => true, onDataChanged: source.subscribe, warm });
    await vi.waitFor(() => expect(warm).toHaveBeenCalledTimes(1));
    source.emit();
    expect(warm).toHaveBeenCalledTimes(1);
    expect(source.count()).toBe(0);
  });

  it("waits for the first data without any, then warms once", async () => {
    const source = changes();
    const warm = vi.fn(async () => {});
    warmUpWhenData({ hasData: async () => false, onDataChanged: source.subscribe, warm });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(warm).not.toHaveBeenCalled();
    source.emit();
    source.emit();
    expect(warm).toHaveBeenCalledTimes(1);
  });

  it("never warms once stopped (the server shuts down first)", async () => {
    const source = changes();
    const warm = vi.fn(async () => {});
    const stop = warmUpWhenData({
      hasData: async () => false,
      onDataChanged: source.subscribe,
      warm,
    });
    stop();
    source.emit();
    expect(warm).not.toHaveBeenCalled();
    expect(source.count()).toBe(0);
  });
});

describe("the server's member warm-up", () => {
  it("runs the signed-in half of a request for no one: it finds no session and writes nothing", async () => {
    await migrateToLatest(db);
    const rows = () =>
      Promise.all(
        (["users", "sessions", "user_activity_days"] as const).map(async (table) =>
          db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirst(),
        ),
      );
    const before = await rows();
    for (const [round, path] of WARM_UP_PATHS.entries()) {
      await memberWarmUp.renderFrame(`http://localhost${path}`, round);
      await memberWarmUp.lookUp(`http://localhost${path}`);
    }
    expect(await rows()).toEqual(before);
  });
});
