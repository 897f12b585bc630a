import { describe, expect, it } from "vitest";
import { botCommandOf } from "~/domain/community-channels";
import { startCodeOf, telegramLinkUrl, typedTelegramNameVerified } from "~/domain/telegram-link";

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

describe("a typed Telegram name on a public profile", () => {
  it("is verified only when it names the account proved through the bot, in any case", () => {
    expect(typedTelegramNameVerified("Goat_Fan", "goat_fan")).toBe(true);
    expect(typedTelegramNameVerified("goat_fan", "goat_fan2")).toBe(false);
    expect(typedTelegramNameVerified("goat_fan", null)).toBe(false);
    expect(typedTelegramNameVerified(null, "goat_fan")).toBe(false);
    expect(typedTelegramNameVerified(null, null)).toBe(false);
  });
});
