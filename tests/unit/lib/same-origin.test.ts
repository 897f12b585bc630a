import { describe, expect, it } from "vitest";
import { isSafeMethod, isSameOriginRequest } from "~/lib/same-origin";

const host = "goatedvips.test:3000";

describe("isSameOriginRequest without PUBLIC_ORIGIN (compares with Host)", () => {
  it.each([
    ["same host", "http://goatedvips.test:3000", undefined, true],
    ["same host behind TLS", "https://goatedvips.test:3000", undefined, true],
    ["host compared case-insensitively", "http://GOATEDVIPS.test:3000", undefined, true],
    ["other host", "http://evil.test", undefined, false],
    ["same host, other port", "http://goatedvips.test:4000", undefined, false],
    ["opaque origin", "null", undefined, false],
    ["garbage", "not a url", undefined, false],
    ["no Origin (non-browser client)", undefined, undefined, true],
    ["no Origin, browser says cross-site", undefined, "cross-site", false],
    ["no Origin, browser says same-site", undefined, "same-site", false],
    ["no Origin, browser says same-origin", undefined, "same-origin", true],
  ])("%s", (_name, origin, secFetchSite, expected) => {
    expect(isSameOriginRequest({ origin, host, secFetchSite }, null)).toBe(expected);
  });
});

describe("isSameOriginRequest with PUBLIC_ORIGIN (exact origin)", () => {
  const publicOrigin = "https://goatedvips.gg";
  it.each([
    ["the public origin", "https://goatedvips.gg", true],
    ["plain http on the same host", "http://goatedvips.gg", false],
    ["a subdomain", "https://admin.goatedvips.gg", false],
    ["another site", "https://evil.test", false],
  ])("%s", (_name, origin, expected) => {
    expect(
      isSameOriginRequest({ origin, host: "goatedvips.gg", secFetchSite: undefined }, publicOrigin),
    ).toBe(expected);
  });
});

describe("isSafeMethod", () => {
  it("only GET and HEAD are safe", () => {
    expect(
      ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].filter(isSafeMethod),
    ).toEqual(["GET", "HEAD"]);
  });
});
