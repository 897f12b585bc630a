import { describe, expect, it } from "vitest";
import { replyTo } from "~/lib/intent";
import { readIntent, unknownIntent } from "~/http/intent.server";

describe("the intent convention", () => {
  it("reads the posted intent, and nothing for a missing or file field", () => {
    const form = new FormData();
    expect(readIntent(form)).toBeNull();
    form.set("intent", "update-profile");
    expect(readIntent(form)).toBe("update-profile");
    form.set("intent", new Blob(["x"]));
    expect(readIntent(form)).toBeNull();
  });

  it("answers an unknown intent 400 'Unknown action', claimed by no form", () => {
    const answer = unknownIntent();
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({ intent: null, message: "Unknown action" });
    expect(replyTo(answer.data, "update-profile")).toBeUndefined();
  });

  it("gives a form only the reply to its own intent", () => {
    const result = { status: "error" as const, error: { username: ["Taken"] } };
    expect(replyTo({ intent: "update-profile", result }, "update-profile")).toBe(result);
    expect(replyTo({ intent: "update-profile", result }, "change-password")).toBeUndefined();
    expect(replyTo(undefined, "change-password")).toBeUndefined();
  });
});
