import { describe, expect, it } from "vitest";
import {
  apiRegisterSchema,
  CONFIRM_PASSWORD,
  PASSWORDS_DO_NOT_MATCH,
  registerSchema,
} from "~/domain/account-forms";

const three = { username: "goatfan", email: "goat@example.com", password: "goat-secret" };
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("registration: the form's schema and the JSON API's", () => {
  it("the form still requires the confirmation", () => {
    expect(messagesOf(registerSchema.safeParse(three))).toEqual([CONFIRM_PASSWORD]);
  });

  it("the API takes spec §3's three fields", () => {
    const parsed = apiRegisterSchema.safeParse(three);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject(three);
  });

  it("the API checks a confirmation that is sent, with the form's messages", () => {
    expect(messagesOf(apiRegisterSchema.safeParse({ ...three, confirmPassword: "other" }))).toEqual(
      [PASSWORDS_DO_NOT_MATCH],
    );
    expect(messagesOf(apiRegisterSchema.safeParse({ ...three, confirmPassword: "" }))).toContain(
      CONFIRM_PASSWORD,
    );
    expect(apiRegisterSchema.safeParse({ ...three, confirmPassword: three.password }).success).toBe(
      true,
    );
  });
});
