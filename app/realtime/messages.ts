import { z } from "zod";
import type { RaceParticipantJson } from "~/domain/api-contract";
import type { DomainEvents } from "~/domain/events";
import type { LeaderboardSnapshot } from "~/domain/leaderboard";
import type { NotificationView } from "~/domain/notifications";
import type { ChatMessageView } from "~/domain/support-chat";

/** Messages a client may send on any of our sockets. */
export const clientMessageSchema = z.object({ type: z.literal("PING") });

const conversationId = z.number().int().positive().optional();

/**
 * What a /ws/chat client may send besides PING (docs/api.md "/ws/chat"). Fields not listed (a
 * client's `isStaffReply`, `userId`) are dropped: the server decides them. The text is checked by
 * the chat's own rules, so a bad one gets their message.
 */
export const chatClientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("chat_message"), message: z.unknown(), conversationId }),
  z.object({ type: z.literal("typing"), conversationId }),
  z.object({ type: z.literal("read"), conversationId }),
]);
export type ChatClientMessage = z.infer<typeof chatClientMessageSchema>;

/** A race winner as announced in RACE_COMPLETED: a race participant as the race API writes it. */
export type RaceWinner = RaceParticipantJson;

/** Messages the server sends; every one is a JSON object with a type and an ISO-8601 timestamp. */
export type ServerMessage =
  | { type: "CONNECTED"; timestamp: string }
  | {
      type: "RACE_COMPLETED";
      data: {
        raceId: number;
        winners: RaceWinner[];
        /** The hex SHA-256 of the result's canonical text, as /wager-races/:id/proof shows it. */
        resultHash: string;
        previousRaceEnd: string;
        nextRaceStart: string;
      };
      timestamp: string;
    }
  | { type: "PONG"; timestamp: string }
  | { type: "ERROR"; message: string; timestamp: string }
  /** After a sync that changed data: what the open leaderboards and home page show. */
  | { type: "LEADERBOARD_UPDATE"; data: LeaderboardSnapshot; timestamp: string }
  /** On /ws/notifications: notifications that just reached this user, and their unread count. */
  | {
      type: "NOTIFICATIONS";
      data: { notifications: NotificationView[]; unreadCount: number };
      timestamp: string;
    }
  /** /ws/chat: a stored support chat message, to its conversation's owner and to staff. */
  | ({ type: "chat_message"; timestamp: string } & ChatMessageView)
  /** /ws/chat: someone is typing in a conversation. */
  | {
      type: "typing";
      conversationId: number;
      sender: { id: number; username: string };
      isStaffReply: boolean;
      timestamp: string;
    };

export function serverMessage<T extends ServerMessage["type"]>(
  type: T,
  fields: Omit<Extract<ServerMessage, { type: T }>, "type" | "timestamp">,
  now: Date = new Date(),
): Extract<ServerMessage, { type: T }> {
  return { type, ...fields, timestamp: now.toISOString() } as Extract<ServerMessage, { type: T }>;
}

/** The LEADERBOARD_UPDATE message for a "leaderboard.updated" event. */
export function leaderboardUpdateMessage({ snapshot, at }: DomainEvents["leaderboard.updated"]) {
  return serverMessage("LEADERBOARD_UPDATE", { data: snapshot }, new Date(at));
}

/** The RACE_COMPLETED message for a "race.completed" event. */
export function raceCompletedMessage({ at, ...data }: DomainEvents["race.completed"]) {
  return serverMessage("RACE_COMPLETED", { data }, new Date(at));
}

/** The chat_message for a "chat.message" event. */
export function chatMessageMessage({ message, at }: DomainEvents["chat.message"]) {
  return serverMessage("chat_message", message, new Date(at));
}

/** The typing message for a "chat.typing" event. */
export function typingMessage({
  conversationId,
  sender,
  isStaffReply,
  at,
}: DomainEvents["chat.typing"]) {
  return serverMessage("typing", { conversationId, sender, isStaffReply }, new Date(at));
}
