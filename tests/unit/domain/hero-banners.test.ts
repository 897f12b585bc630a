// The hero banners' video URL (issue 18): https only, empty removes it; and when a browser may
// play it (no Save-Data, not a slow connection, not reduced motion).
import { describe, expect, it } from "vitest";
import { HERO_VIDEO_MESSAGES, videoAllowed } from "~/domain/hero-banners";
import { heroVideoSchema } from "~/domain/hero-video-form";

const parse = (videoUrl: string | undefined, banner = "home") =>
  heroVideoSchema.safeParse({ banner, videoUrl });

describe("a hero's video URL", () => {
  it("takes an https URL, normalised, and an empty field as no video", () => {
    expect(parse(" https://cdn.example.com/Home Banner.mp4 ").data).toEqual({
      banner: "home",
      videoUrl: "https://cdn.example.com/Home%20Banner.mp4",
    });
    expect(parse("").data).toEqual({ banner: "home", videoUrl: null });
    expect(parse(undefined).data).toEqual({ banner: "home", videoUrl: null });
  });

  it.each([
    "http://cdn.example.com/home.mp4",
    "javascript:alert(1)",
    "data:video/mp4;base64,AAAA",
    "//cdn.example.com/home.mp4",
    "/media/home.mp4",
    "cdn.example.com/home.mp4",
    "https://user:secret@cdn.example.com/home.mp4",
    "ftp://cdn.example.com/home.mp4",
  ])("refuses %s with a message", (url) => {
    const result = parse(url);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(HERO_VIDEO_MESSAGES.notHttps);
  });

  it("refuses a URL over 2,000 characters and an unknown banner", () => {
    expect(parse(`https://cdn.example.com/${"a".repeat(2000)}.mp4`).error?.issues[0]?.message).toBe(
      HERO_VIDEO_MESSAGES.tooLong,
    );
    expect(parse("https://cdn.example.com/x.mp4", "sidebar").success).toBe(false);
  });
});

describe("whether a browser plays a hero's video", () => {
  const fast = { saveData: false, effectiveType: "4g", reducedMotion: false };
  it("plays on a fast connection, or when the browser does not say", () => {
    expect(videoAllowed(fast)).toBe(true);
    expect(videoAllowed({ ...fast, effectiveType: undefined })).toBe(true);
  });
  it.each(["slow-2g", "2g", "3g"])("not on %s", (effectiveType) => {
    expect(videoAllowed({ ...fast, effectiveType })).toBe(false);
  });
  it("not with Save-Data, nor for reduced motion", () => {
    expect(videoAllowed({ ...fast, saveData: true })).toBe(false);
    expect(videoAllowed({ ...fast, reducedMotion: true })).toBe(false);
  });
});
