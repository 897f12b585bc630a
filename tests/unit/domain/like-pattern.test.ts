import { describe, expect, it } from "vitest";
import { likeContains } from "~/domain/like-pattern";

describe("likeContains", () => {
  it("wraps the text in wildcards", () => {
    expect(likeContains("goat")).toBe("%goat%");
  });

  it("escapes %, _ and the escape character so they match literally", () => {
    expect(likeContains("100%_off\\")).toBe("%100\\%\\_off\\\\%");
  });
});
