import { z } from "zod";
import type { RaceParticipantJson } from "~/domain/api-contract";
import type { DomainEvents } from "~/domain/events";
import type { LeaderboardSnapshot } from "~/domain/leaderboard";
import type { NotificationView } from "~/domain/notifications";

/** Messages a client may send on any of our sockets. */
export const clientMessageSchema = z.object({ type: z.literal("PING") });

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
