// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { SignInLink } from "~/components/auth/SignInLink";

function hrefAt(path: string): string | null {
  const Stub = createRemixStub([{ path: "/", Component: () => <SignInLink className="" /> }]);
  render(<Stub initialEntries={[path]} />);
  return screen.getByRole("link", { name: "Sign in" }).getAttribute("href");
}

afterEach(cleanup);

it("takes a guarded page's redirectTo on to the sign-in, else comes back here", () => {
  expect(hrefAt("/?redirectTo=%2Fvip-transfer%3Fwager%3D1000")).toBe(
    "/auth?mode=login&redirectTo=%2Fvip-transfer%3Fwager%3D1000",
  );
  cleanup();
  expect(hrefAt("/?from=home")).toBe("/auth?mode=login&redirectTo=%2F%3Ffrom%3Dhome");
  cleanup();
  // Another site is no target: the link comes back to the page it is on.
  expect(hrefAt("/?redirectTo=%2F%2Fevil.example")).toBe(
    "/auth?mode=login&redirectTo=%2F%3FredirectTo%3D%252F%252Fevil.example",
  );
});
