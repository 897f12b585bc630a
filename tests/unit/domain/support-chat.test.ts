// The support chat's rules (issue 17): what a message may hold, who may read and write, which
// messages are staff replies, and how a page merges live messages into the rendered ones.
import { describe, expect, it } from "vitest";
import {
  CHAT_MESSAGE_CONTROL,
  CHAT_MESSAGE_REQUIRED,
  CHAT_MESSAGE_TOO_LONG,
  checkChatMessage,
  isStaffReply,
  mayReadConversation,
  mayWriteConversation,
  mergeChatMessages,
  statusAfterMessage,
  supportReplyNotification,
} from "~/domain/support-chat";

describe("checkChatMessage", () => {
  it("trims, keeps line breaks and tabs, and normalises CRLF", () => {
    expect(checkChatMessage("  hello\r\nthere\tgoat  ")).toEqual({
      ok: true,
      message: "hello\nthere\tgoat",
    });
  });

  it("refuses nothing, blanks and non-text", () => {
    for (const input of ["", "   \n\t ", undefined, null, 42, ["hi"]]) {
      expect(checkChatMessage(input)).toEqual({ ok: false, error: CHAT_MESSAGE_REQUIRED });
    }
  });

  it("takes 2,000 characters (counted as characters, not UTF-16 units) and refuses 2,001", () => {
    expect(checkChatMessage("a".repeat(2000)).ok).toBe(true);
    expect(checkChatMessage("🐐".repeat(2000)).ok).toBe(true);
    expect(checkChatMessage("a".repeat(2001))).toEqual({ ok: false, error: CHAT_MESSAGE_TOO_LONG });
    // Surrounding blanks do not count.
    expect(checkChatMessage(` ${"a".repeat(2000)} `).ok).toBe(true);
  });

  it("refuses control characters and lone surrogates", () => {
    for (const input of ["nul\u0000", "esc\u001b[2J", "del\u007f", "c1\u0085", "half\ud800"]) {
      expect(checkChatMessage(input)).toEqual({ ok: false, error: CHAT_MESSAGE_CONTROL });
    }
  });
});

describe("who may read and write", () => {
  const player = { userId: 7, isAdmin: false };
  const staff = { userId: 1, isAdmin: true };
  it("a player only their own conversation; staff any; a visitor none", () => {
    expect(mayReadConversation(player, 7)).toBe(true);
    expect(mayReadConversation(player, 8)).toBe(false);
    expect(mayReadConversation(staff, 8)).toBe(true);
    expect(mayReadConversation(null, 7)).toBe(false);
    expect(mayWriteConversation(player, 8)).toBe(false);
    expect(mayWriteConversation(staff, 8)).toBe(true);
  });

  it("staff writing to someone else's conversation is a staff reply; nobody else's message is", () => {
    expect(isStaffReply(staff, 8)).toBe(true);
    expect(isStaffReply(staff, 1)).toBe(false);
    expect(isStaffReply(player, 7)).toBe(false);
  });

  it("a player's message reopens a closed conversation; a staff reply leaves it", () => {
    expect(statusAfterMessage("closed", false)).toBe("open");
    expect(statusAfterMessage("closed", true)).toBe("closed");
    expect(statusAfterMessage("open", true)).toBe("open");
  });
});

describe("helpers", () => {
  it("merges rendered and live messages once each, oldest first", () => {
    const m = (id: number) => ({ id, text: `m${id}` });
    expect(mergeChatMessages([m(1), m(3)], [m(4), m(3), m(2)]).map((x) => x.id)).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it("previews a long reply in its notification", () => {
    expect(supportReplyNotification("Hi")).toEqual({ title: "VIP Support replied", message: "Hi" });
    const long = supportReplyNotification("x".repeat(500)).message;
    expect([...long]).toHaveLength(140);
    expect(long.endsWith("…")).toBe(true);
  });
});
