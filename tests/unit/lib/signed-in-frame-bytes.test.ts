import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { signedInDocuments, streamedDataStatement } from "~/http/signed-in-documents.server";
import type { FrameState } from "~/http/signed-in-documents.server";
import { SHELL_ONLY_USER_PAGE_HEADERS } from "~/http/page-cache.server";

// Members' headers and overlays are kept by the bytes they take (docs/decisions/0108): 200
// members on the mixed bench's 15 spliced URLs are 3,000 frames, which a bound of 1,000 frames
// rendered again and again.
const SESSION_COOKIE = "gv_session";
/** A member's header of about 1 KB: the real one is about 22 KB. */
const PADDING = "x".repeat(1_000);
const DATA = { loaderData: { root: { user: null, toast: null } }, actionData: null, errors: null };

const nameOf = (state: FrameState) =>
  state.user && "username" in state.user ? String(state.user.username) : "visitor";

let close = () => {};
afterEach(() => close());

/** A page that only its frame makes a member's, served through signedInDocuments. */
async function startPage(options: { maxFrameBytes?: number }) {
  /** Whose frame was rendered, in order. */
  const rendered: string[] = [];
  const renderFrame = (state: FrameState) => {
    if (state.user) rendered.push(nameOf(state));
    return { header: `<header>${nameOf(state)}${PADDING}</header>`, overlays: "<aside></aside>" };
  };
  const visitorPage = async () => {
    const { header, overlays } = renderFrame({ user: null, toast: null });
    return `<html><body>${header}<main>The page</main>${overlays}<script>${await streamedDataStatement(DATA)}</script></body></html>`;
  };
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = "nonce";
    next();
  });
  app.use(
    signedInDocuments({
      renderPage: async (_request, context) => {
        context.captureDocumentData?.(DATA);
        return new Response(await visitorPage(), {
          headers: { "Content-Type": "text/html", ...SHELL_ONLY_USER_PAGE_HEADERS },
        });
      },
      frame: {
        read: async (request) => {
          const username = /gv_session=(\w+)/.exec(request.headers.get("cookie") ?? "")?.[1];
          return { user: username ? { username } : null, toast: null, headers: new Headers() };
        },
        renderer: async () => ({ render: renderFrame }),
      },
      generation: () => 1,
      routePattern: (pathname) => pathname,
      sessionCookieName: SESSION_COOKIE,
      ...options,
    }),
  );
  // The route's first answer, in full, says the route may be spliced.
  app.get("/page", async (_req, res) => {
    res
      .set(SHELL_ONLY_USER_PAGE_HEADERS)
      .type("html")
      .send(await visitorPage());
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const visit = async (member: string) => {
    const response = await fetch(`${origin}/page`, {
      headers: { cookie: `${SESSION_COOKIE}=${member}` },
    });
    return {
      spliced: response.headers.get("x-page-cache") === "spliced",
      body: await response.text(),
    };
  };
  await visit("first");
  rendered.length = 0;
  return { visit, rendered };
}

describe("members' frames kept by their bytes", () => {
  it("keeps more members' frames than a thousand when their bytes fit", async () => {
    const { visit, rendered } = await startPage({});
    const members = Array.from({ length: 1_100 }, (_, i) => `m${i}`);
    for (const member of members) await visit(member);
    expect(rendered).toHaveLength(1_100);
    // Again, in the same order (each the least recently used when a count bounded the frames).
    for (const member of members) {
      const page = await visit(member);
      expect(page.spliced).toBe(true);
      expect(page.body).toContain(`<header>${member}x`);
    }
    expect(rendered).toHaveLength(1_100);
  });

  it("keeps no more than maxFrameBytes: past it, the least recently used frame is rendered again", async () => {
    // Room for two members' frames (about 1 KB each), not three.
    const { visit, rendered } = await startPage({ maxFrameBytes: 2_500 });
    for (const member of ["ann", "bob", "ann", "cid", "bob", "ann"]) {
      const page = await visit(member);
      expect(page.spliced).toBe(true);
      expect(page.body).toContain(`<header>${member}x`);
    }
    // ann kept; cid pushes bob (the least recently used) out; bob back pushes ann out.
    expect(rendered).toEqual(["ann", "bob", "cid", "bob", "ann"]);
  });
});
