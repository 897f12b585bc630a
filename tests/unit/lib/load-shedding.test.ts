// Load shedding at the door (issue 30): past the bound of page and API requests under way, a new
// one is refused at once with 503 and Retry-After, while /healthz still answers; once the
// requests under way finish, pages are served again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OVERLOADED_MESSAGE, SHED_RETRY_AFTER_SECONDS } from "~/http/load-shedding.server";
import { startHostileServer } from "./hostile-server";
import type { HostileServer } from "./hostile-server";

const MAX_WAITING = 4;

let release: () => void = () => {};
let released = new Promise<void>((resolve) => (release = resolve));
const routes = {
  slow: {
    loader: async () => {
      await released;
      return new Response("slow page");
    },
  },
  ok: { loader: () => new Response("ok") },
};

let site: HostileServer;
beforeAll(async () => {
  site = await startHostileServer({ routes, maxRequestsWaiting: MAX_WAITING });
});
afterAll(async () => {
  release();
  await site.close();
});

/** A request that must be answered within a second or two (a hang fails the test, not times it out). */
const get = (path: string, signal = AbortSignal.timeout(2_000)) =>
  fetch(`http://127.0.0.1:${site.port}${path}`, { signal });

describe("a flood of requests", () => {
  it("is refused with 503 and Retry-After past the bound, and served again once it drains", async () => {
    const underWay = Array.from({ length: MAX_WAITING }, () =>
      fetch(`http://127.0.0.1:${site.port}/slow`),
    );
    // The slow requests reach the app before the next is sent.
    await expect.poll(async () => (await get("/ok")).status, { timeout: 2_000 }).toBe(503);

    const page = await get("/ok");
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe(String(SHED_RETRY_AFTER_SECONDS));
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await page.text()).toContain(OVERLOADED_MESSAGE);

    const api = await get("/api/affiliate/stats");
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe(String(SHED_RETRY_AFTER_SECONDS));
    expect(await api.json()).toEqual({ status: "error", message: OVERLOADED_MESSAGE });

    // Health checks are never shed: a balancer must not take a busy process for a dead one.
    const health = await get("/healthz");
    expect(health.status).toBe(200);

    release();
    const answers = await Promise.all(underWay);
    expect(answers.map((answer) => answer.status)).toEqual(Array(MAX_WAITING).fill(200));
    await Promise.all(answers.map((answer) => answer.text()));
    const after = await get("/ok");
    expect(after.status).toBe(200);
    expect(await after.text()).toBe("ok");
  });

  it("counts a request whose client went away as finished", async () => {
    released = new Promise<void>((resolve) => (release = resolve));
    const abandoned = Array.from({ length: MAX_WAITING }, () => {
      const controller = new AbortController();
      const answer = fetch(`http://127.0.0.1:${site.port}/slow`, {
        signal: controller.signal,
      }).catch(() => null);
      return { controller, answer };
    });
    await expect.poll(async () => (await get("/ok")).status, { timeout: 2_000 }).toBe(503);
    for (const { controller } of abandoned) controller.abort();
    await Promise.all(abandoned.map(({ answer }) => answer));
    // The loaders still wait, but their clients have gone: their places are free.
    await expect.poll(async () => (await get("/ok")).status, { timeout: 2_000 }).toBe(200);
    release();
  });
});
