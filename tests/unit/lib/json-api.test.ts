import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiRoute, INTERNAL_ERROR_MESSAGE, readJsonObject } from "~/http/json-api.server";
import { logger } from "~/server/logger.server";

const args = (method: string): LoaderFunctionArgs => ({
  request: new Request("http://localhost/api/test", { method }),
  params: {},
  context: { cspNonce: "", clientIp: "127.0.0.1" },
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("apiRoute", () => {
  it("sends each method to its handler, HEAD to GET, and answers others 405 with Allow", async () => {
    const route = apiRoute({
      GET: () => Response.json({ got: true }),
      POST: () => Response.json({ posted: true }),
    });
    expect(await (await route.loader(args("GET"))).json()).toEqual({ got: true });
    expect((await route.loader(args("HEAD"))).status).toBe(200);
    expect(await (await route.action(args("POST"))).json()).toEqual({ posted: true });
    const refused = await route.action(args("DELETE"));
    expect(refused.status).toBe(405);
    expect(refused.headers.get("Allow")).toBe("GET, POST");
    expect(await refused.json()).toEqual({
      status: "error",
      message: "Method not allowed; use GET or POST",
    });
    const noGet = apiRoute({ PUT: () => Response.json({}) });
    expect((await noGet.loader(args("GET"))).headers.get("Allow")).toBe("PUT");
  });

  it("answers an unexpected error as a logged JSON 500", async () => {
    const log = vi.spyOn(logger, "error").mockImplementation(() => {});
    const route = apiRoute({
      GET: () => {
        throw new Error("database is locked");
      },
    });
    const answer = await route.loader(args("GET"));
    expect(answer.status).toBe(500);
    expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual({ status: "error", message: INTERNAL_ERROR_MESSAGE });
    expect(log).toHaveBeenCalledOnce();
  });

  it("keeps a thrown JSON answer, and turns a thrown text answer into JSON with its status", async () => {
    const json = apiRoute({
      GET: () => {
        throw Response.json({ status: "error", message: "Not authenticated" }, { status: 401 });
      },
    });
    expect(await (await json.loader(args("GET"))).json()).toEqual({
      status: "error",
      message: "Not authenticated",
    });
    const text = apiRoute({
      GET: () => {
        throw new Response("Not Found", { status: 404, headers: { "X-Kept": "yes" } });
      },
    });
    const answer = await text.loader(args("GET"));
    expect(answer.status).toBe(404);
    expect(answer.headers.get("X-Kept")).toBe("yes");
    expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual({ status: "error", message: "Not Found" });
  });
});

describe("readJsonObject", () => {
  it("stops reading a streamed body without Content-Length as soon as it passes 16 KiB", async () => {
    let chunksPulled = 0;
    const chunk = new TextEncoder().encode(`"${"x".repeat(4094)}",`);
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("["));
      },
      pull(controller) {
        chunksPulled += 1;
        // Ten megabytes if read to the end; the cap must stop long before.
        if (chunksPulled > 2_500) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const request = new Request("http://localhost/api/test", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    const refused: unknown = await readJsonObject(request).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(413);
    expect(chunksPulled).toBeLessThan(10);
  });
});
