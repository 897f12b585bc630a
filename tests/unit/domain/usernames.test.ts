import { describe, expect, it } from "vitest";
import {
  profileSchema,
  registerSchema,
  USERNAME_INVISIBLE_CHARACTERS,
  USERNAME_MIXED_SCRIPTS,
} from "~/domain/account-forms";
import { canonicalUsername, hasInvisibleCharacters, mixesScripts } from "~/domain/usernames";

const registration = (username: string) => ({
  username,
  email: "goat@example.com",
  password: "goat-secret-1",
  confirmPassword: "goat-secret-1",
});

function usernameErrors(username: string): string[] {
  const register = registerSchema.safeParse(registration(username));
  const profile = profileSchema.safeParse({ username, profileColor: "#D7FF00" });
  const messages = (result: typeof register | typeof profile) =>
    result.success
      ? []
      : result.error.issues.filter((i) => i.path[0] === "username").map((i) => i.message);
  // The registration form (and the JSON register API) and the profile share one rule.
  expect(messages(profile)).toEqual(messages(register));
  return messages(register);
}

describe("usernames", () => {
  it.each([
    ["a zero-width space", "boss\u200B"],
    ["a zero-width non-joiner", "bo\u200Css"],
    ["a zero-width joiner", "bo\u200Dss"],
    ["a word joiner", "bo\u2060ss"],
    ["a zero-width no-break space inside", "bo\uFEFFss"],
    ["a right-to-left override", "\u202Essob"],
    ["a left-to-right embedding", "\u202Aboss"],
    ["a pop directional formatting", "boss\u202C"],
    ["a right-to-left isolate", "\u2067boss\u2069"],
    ["a first-strong isolate", "\u2068boss"],
    ["a NUL", "bo\u0000ss"],
    ["a control character", "bo\u0007ss"],
    ["a newline", "bo\nss"],
    ["a line separator", "bo\u2028ss"],
    ["a Hangul filler", "\u3164\u3164\u3164"],
  ])("refuses %s", (_case, name) => {
    expect(hasInvisibleCharacters(name)).toBe(true);
    expect(usernameErrors(name)).toContain(USERNAME_INVISIBLE_CHARACTERS);
  });

  it.each([
    ["Latin with a Cyrillic о", "b\u043Ess"],
    ["Latin with a Greek ο", "b\u03BFss"],
    ["Cyrillic with a Latin a", "\u0432\u043E\u0441\u0441a"],
    ["Latin with Armenian", "bo\u0585s"],
  ])("refuses a name mixing scripts: %s", (_case, name) => {
    expect(mixesScripts(name)).toBe(true);
    expect(usernameErrors(name)).toEqual([USERNAME_MIXED_SCRIPTS]);
  });

  it.each([
    ["Latin with digits and punctuation", "goat_king-99"],
    ["Latin with accents", "José Ñúñez"],
    ["all Cyrillic", "\u0418\u0432\u0430\u043D"],
    ["all Greek", "\u0393\u03B9\u03CE\u03C1\u03B3\u03BF\u03C2"],
    ["Japanese with Latin", "\u305F\u306A\u304B\u30BF\u30ED\u30FC\u5C71\u7530 goat"],
    ["Korean with Latin", "\uAE40\uCCA0\uC218 kim"],
    ["Han with Bopomofo", "\u738B\u3105\u3106"],
  ])("accepts %s", (_case, name) => {
    expect(usernameErrors(name)).toEqual([]);
  });

  it("compares names after NFKC, without invisibles, regardless of case", () => {
    for (const alike of [
      "boss",
      "BOSS",
      "Boss",
      "boss\u200B",
      "\u2067boss\u2069",
      "\uFF42\uFF4F\uFF53\uFF53",
      "\u{1D41B}\u{1D428}\u{1D42C}\u{1D42C}",
      " boss ",
    ]) {
      expect(canonicalUsername(alike), JSON.stringify(alike)).toBe("boss");
    }
    expect(canonicalUsername("STRASSE")).toBe(canonicalUsername("straße"));
    expect(canonicalUsername("ÉCOLE")).toBe(canonicalUsername("école"));
    expect(canonicalUsername("b\u043Ess")).not.toBe("boss");
  });
});
