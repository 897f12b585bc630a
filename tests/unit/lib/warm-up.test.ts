import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { warmUp, WARM_UP_PATHS } from "~/lib/warm-up.server";
import { memberWarmUp } from "~/server-runtime.server";
import { db } from "~/services/db.server";

/** A server recording what it was asked, and the member steps' calls. */
function recordingServer() {
  const requests: { path: string; requestId: string | undefined }[] = [];
  const server = createServer((req, res) => {
    requests.push({ path: req.url ?? "", requestId: req.headers["x-request-id"] as string });
    res.end("ok");
  });
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
  it("requests each main page and runs the member's steps every round, on a port it closes", async () => {
    const { server, requests, member, memberCalls } = recordingServer();
    expect(await warmUp(server, member, { rounds: 3 })).toMatchObject({ rounds: 3 });
    expect(requests).toEqual(
      [0, 1, 2].flatMap((round) =>
        WARM_UP_PATHS.map((path) => ({ path, requestId: `warm-up-${round}` })),
      ),
    );
    expect(memberCalls).toHaveLength(3 * WARM_UP_PATHS.length * 2);
    expect(memberCalls.slice(0, 2)).toEqual(["frame 0 /", "look-up /"]);
    // Closed, and free to listen where the server is meant to.
    expect(server.listening).toBe(false);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(await response.text()).toBe("ok");
    await new Promise((resolve) => server.close(resolve));
  });

  it("stops when its time is up, and when a step fails, and closes its port either way", async () => {
    const timed = recordingServer();
    expect(await warmUp(timed.server, timed.member, { rounds: 1_000, maxMs: 0 })).toMatchObject({
      rounds: 0,
    });
    expect(timed.requests).toEqual([]);
    expect(timed.server.listening).toBe(false);

    const failing = recordingServer();
    const broken = {
      ...failing.member,
      lookUp: async () => {
        throw new Error("no database");
      },
    };
    expect(await warmUp(failing.server, broken, { rounds: 5 })).toMatchObject({ rounds: 0 });
    expect(failing.requests).toHaveLength(1);
    expect(failing.server.listening).toBe(false);
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
