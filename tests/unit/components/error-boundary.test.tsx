// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GeneralErrorBoundary } from "~/components/errors/GeneralErrorBoundary";
import { ErrorBoundary } from "~/root";

// A returning visitor (the intro stays away); jsdom lacks matchMedia, which the shell reads.
beforeEach(() => {
  sessionStorage.setItem("hasVisited", "true");
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }) as unknown as MediaQueryList;
});
afterEach(cleanup);

function renderRootFailing(failure: () => never) {
  const Stub = createRemixStub([
    { id: "root", path: "/", Component: () => null, ErrorBoundary, loader: failure },
  ]);
  render(<Stub />);
}

describe("the root error boundary", () => {
  it("shows the global error screen with the error text and two ways out", async () => {
    renderRootFailing(() => {
      throw new Error("Database exploded");
    });
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(
      screen.getByText(
        "The application encountered an unexpected error. Please try refreshing the page.",
      ),
    ).toBeTruthy();
    expect(screen.getByText("Database exploded")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Home" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("link", { name: "Reload Page" }).getAttribute("href")).toBe("/");
    // Inside the site shell, as a visitor.
    expect(screen.getByRole("link", { name: "Sign in" })).toBeTruthy();
  });

  it("shows the not-found page for a 404", async () => {
    renderRootFailing(() => {
      throw new Response("Not Found", { status: 404 });
    });
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeTruthy();
    expect(screen.queryByText("Something went wrong")).toBeNull();
  });
});

describe("GeneralErrorBoundary in a route", () => {
  function renderRouteFailing(status: number) {
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => null,
        ErrorBoundary: () => (
          <GeneralErrorBoundary statusHandlers={{ 403: () => <h1>Admin Access Required</h1> }} />
        ),
        loader: () => {
          throw new Response("no", { status });
        },
      },
    ]);
    render(<Stub />);
  }

  it("answers a status with the route's own handler", async () => {
    renderRouteFailing(403);
    expect(await screen.findByRole("heading", { name: "Admin Access Required" })).toBeTruthy();
  });

  it("keeps the standard 404 page and the error screen for other statuses", async () => {
    renderRouteFailing(404);
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeTruthy();
    cleanup();
    renderRouteFailing(500);
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByText(/^500/)).toBeTruthy();
  });
});
