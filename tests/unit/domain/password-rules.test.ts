import { describe, expect, it } from "vitest";
import {
  loginSchema,
  NEW_PASSWORD_UNCHANGED,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  passwordChangeSchema,
  registerSchema,
} from "~/domain/account-forms";
import { PASSWORD_TOO_GUESSABLE, passwordStrengthProblem } from "~/domain/password-strength.server";

const passwordErrors = (password: string) => {
  const result = registerSchema.safeParse({
    username: "goatfan",
    email: "goatfan@example.com",
    password,
    confirmPassword: password,
  });
  return result.success
    ? []
    : result.error.issues.filter((i) => i.path[0] === "password").map((i) => i.message);
};

describe("password rules (ASVS 5.0 level 2, docs/decisions/0010)", () => {
  it("needs at least 8 characters", () => {
    expect(PASSWORD_TOO_SHORT).toBe("Password must be at least 8 characters");
    expect(passwordErrors("1234567")).toEqual([PASSWORD_TOO_SHORT]);
    expect(passwordErrors("a-goat-8")).toEqual([]);
  });

  it("takes at most 128 characters", () => {
    expect(passwordErrors("g".repeat(128))).toEqual([]);
    expect(passwordErrors("g".repeat(129))).toEqual([PASSWORD_TOO_LONG]);
  });

  it("keeps a password exactly as typed: spaces count and are kept", () => {
    const parsed = registerSchema.parse({
      username: "goatfan",
      email: "goatfan@example.com",
      password: "  secret-pass  ",
      confirmPassword: "  secret-pass  ",
    });
    expect(parsed.password).toBe("  secret-pass  ");
    // A space is a character like any other.
    expect(passwordErrors(" 1234567")).toEqual([]);
    const login = loginSchema.parse({ username: "goatfan", password: "  secret-pass  " });
    expect(login.password).toBe("  secret-pass  ");
  });

  it("still lets an account sign in with a password from before the 8-character rule", () => {
    expect(loginSchema.safeParse({ username: "goatfan", password: "sixsix" }).success).toBe(true);
  });

  it.each(["123456", "password", "qwerty", "aaaaaa", "password123", "12345678", "iloveyou2"])(
    "refuses the common or guessable %s",
    (password) => {
      expect(passwordStrengthProblem(password)).toBe(PASSWORD_TOO_GUESSABLE);
    },
  );

  it("refuses a password built on the account's own name or the site's", () => {
    expect(passwordStrengthProblem("zarkonian77")).toBeNull();
    expect(passwordStrengthProblem("zarkonian77", ["zarkonian", "zarkonian@example.com"])).toBe(
      PASSWORD_TOO_GUESSABLE,
    );
    expect(passwordStrengthProblem("mygoatedvips")).toBe(PASSWORD_TOO_GUESSABLE);
  });

  it("accepts a strong password", () => {
    expect(passwordStrengthProblem("correct horse battery staple")).toBeNull();
    expect(passwordStrengthProblem("Tr0ub4dor&3-goat")).toBeNull();
  });

  it("asks for the new password twice, different from the current one", () => {
    const change = (newPassword: string, confirmNewPassword: string) => {
      const result = passwordChangeSchema.safeParse({
        currentPassword: "old-secret",
        newPassword,
        confirmNewPassword,
      });
      return result.success ? [] : result.error.issues.map((i) => [i.path[0], i.message]);
    };
    expect(change("a-new-secret", "a-new-secret")).toEqual([]);
    expect(change("a-new-secret", "another")).toEqual([
      ["confirmNewPassword", PASSWORDS_DO_NOT_MATCH],
    ]);
    expect(change("old-secret", "old-secret")).toEqual([["newPassword", NEW_PASSWORD_UNCHANGED]]);
    expect(change("short", "short")).toEqual([["newPassword", PASSWORD_TOO_SHORT]]);
  });
});
