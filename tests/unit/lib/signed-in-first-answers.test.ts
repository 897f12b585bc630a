import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInDocuments } from "~/http/signed-in-documents.server";

// A fresh start's first answer of a route holds that route's signed-in requests until it is sent
// (docs/decisions/0089). What it remembers must not be filled by the paths clients make up.
const SESSION_COOKIE = "gv_session";
const routePattern = (pathname: string) => (pathname.startsWith("/junk/") ? "/junk/:n" : pathname);

let origin = "";
let close: () => void;
/** Sends the page's first answer, held until then. */
let releaseFirstAnswer: () => void = () => {};
/** What the page's handler saw: "first", then "member (first sent)" or "member (first held)". */
const arrivals: string[] = [];

beforeAll(async () => {
  const app = express();
  let firstHeld = false;
  // Once the member's request has passed the gate (synchronously), the first answer goes out.
  app.use((req, _res, next) => {
    next();
    if (req.headers.cookie) releaseFirstAnswer();
  });
  app.use(
    signedInDocuments({
      renderPage: () => Promise.reject(new Error("no page here is spliced")),
      frame: {
        read: () => Promise.reject(new Error("no page here is spliced")),
        renderer: () => Promise.reject(new Error("no page here is spliced")),
      },
      generation: () => 1,
      routePattern,
      sessionCookieName: SESSION_COOKIE,
      maxEntries: 3,
    }),
  );
  app.get("/junk/:n", (_req, res) => {
    res.status(404).send("not found");
  });
  app.get("/page", (req, res) => {
    if (!req.headers.cookie) {
      arrivals.push("first");
      firstHeld = true;
      releaseFirstAnswer = () => {
        firstHeld = false;
        res.send("the page");
      };
      return;
    }
    arrivals.push(firstHeld ? "member (first held)" : "member (first sent)");
    res.send("the page");
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("the first answer of a fresh start", () => {
  it("still holds a route's signed-in requests after a flood of made-up paths", async () => {
    // Remembered by path, at most maxEntries: made-up paths filled the memory, and every later
    // page's members rendered in full again at once. Remembered by route now: one for them all.
    for (let n = 0; n < 10; n += 1) {
      const response = await fetch(`${origin}/junk/${n}`);
      expect(response.status).toBe(404);
      await response.text();
    }
    const first = fetch(`${origin}/page`);
    await expect.poll(() => arrivals).toEqual(["first"]);
    const member = await fetch(`${origin}/page`, {
      headers: { cookie: `${SESSION_COOKIE}=member` },
    });
    expect(await member.text()).toBe("the page");
    expect(await (await first).text()).toBe("the page");
    expect(arrivals).toEqual(["first", "member (first sent)"]);
  });
});
