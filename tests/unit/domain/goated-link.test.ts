import { describe, expect, it } from "vitest";
import {
  ALREADY_LINKED,
  GOATED_USERNAME_AMBIGUOUS,
  GOATED_USERNAME_NOT_FOUND,
  GOATED_USERNAME_REQUIRED,
  GOATED_USERNAME_TOO_LONG,
  LINK_REQUEST_DECIDED,
  PLAYER_ALREADY_LINKED,
  PLAYER_GONE,
  REQUEST_ALREADY_PENDING,
  decisionProblem,
  linkRequestProblem,
  matchPlayerByName,
  parseGoatedUsername,
} from "~/domain/goated-link";

describe("the typed Goated username", () => {
  it("is trimmed, required and short", () => {
    expect(parseGoatedUsername("  GoatKing ")).toEqual({ ok: true, username: "GoatKing" });
    expect(parseGoatedUsername("")).toEqual({ ok: false, message: GOATED_USERNAME_REQUIRED });
    expect(parseGoatedUsername(null)).toEqual({ ok: false, message: GOATED_USERNAME_REQUIRED });
    expect(parseGoatedUsername("x".repeat(65))).toEqual({
      ok: false,
      message: GOATED_USERNAME_TOO_LONG,
    });
  });

  it("names the referral spelled exactly so, else the only one equal regardless of case", () => {
    const king = { name: "GoatKing" };
    const shouting = { name: "GOATKING" };
    expect(matchPlayerByName([], "GoatKing")).toEqual({
      ok: false,
      message: GOATED_USERNAME_NOT_FOUND,
    });
    expect(matchPlayerByName([king], "goatking")).toEqual({ ok: true, player: king });
    expect(matchPlayerByName([shouting, king], "GoatKing")).toEqual({ ok: true, player: king });
    expect(matchPlayerByName([shouting, king], "goatking")).toEqual({
      ok: false,
      message: GOATED_USERNAME_AMBIGUOUS,
    });
  });
});

describe("who may ask, and what an admin may decide", () => {
  const free = { userLinked: false, hasPendingRequest: false, playerLinkedToAnother: false };
  it("a request needs an unlinked user without a pending request and a free player", () => {
    expect(linkRequestProblem(free)).toBeNull();
    expect(linkRequestProblem({ ...free, userLinked: true })).toBe(ALREADY_LINKED);
    expect(linkRequestProblem({ ...free, hasPendingRequest: true })).toBe(REQUEST_ALREADY_PENDING);
    expect(linkRequestProblem({ ...free, playerLinkedToAnother: true })).toBe(
      PLAYER_ALREADY_LINKED,
    );
  });

  it("only a pending request is decided; approving needs the player still free", () => {
    const pending = {
      status: "pending" as const,
      playerExists: true,
      userLinked: false,
      playerLinkedToAnother: false,
    };
    expect(decisionProblem("approve", pending)).toBeNull();
    expect(decisionProblem("reject", { ...pending, playerLinkedToAnother: true })).toBeNull();
    expect(decisionProblem("reject", { ...pending, status: "approved" })).toBe(
      LINK_REQUEST_DECIDED,
    );
    expect(decisionProblem("approve", { ...pending, playerExists: false })).toBe(PLAYER_GONE);
    expect(decisionProblem("approve", { ...pending, userLinked: true })).toBe(ALREADY_LINKED);
    expect(decisionProblem("approve", { ...pending, playerLinkedToAnother: true })).toBe(
      PLAYER_ALREADY_LINKED,
    );
  });
});
