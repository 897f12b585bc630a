import { describe, expect, it } from "vitest";
import { botCommandOf } from "~/domain/community-channels";
import { startCodeOf, telegramLinkUrl } from "~/domain/telegram-link";

describe("the bot's /start", () => {
  it("reads the code a deep link or a typed /start carries", () => {
    expect(startCodeOf("/start AbC_12-xyz")).toBe("AbC_12-xyz");
    expect(startCodeOf("/start@GoatedBot AbC_12-xyz")).toBe("AbC_12-xyz");
    expect(startCodeOf("  /START code  ")).toBe("code");
    expect(startCodeOf("/start")).toBeNull();
    expect(startCodeOf("/start@GoatedBot")).toBeNull();
  });

  it("is not another command, nor a message that only begins like it", () => {
    expect(startCodeOf("/startle code")).toBeUndefined();
    expect(startCodeOf("/race")).toBeUndefined();
    expect(startCodeOf("start code")).toBeUndefined();
    expect(startCodeOf(undefined)).toBeUndefined();
    expect(botCommandOf("/start code")).toBeNull();
  });

  it("is what the t.me link hands the bot", () => {
    expect(telegramLinkUrl("GoatedTestBot", "AbC_12-xyz")).toBe(
      "https://t.me/GoatedTestBot?start=AbC_12-xyz",
    );
  });
});
