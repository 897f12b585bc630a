import type { RaceParticipantJson } from "./api-contract";
import type { LeaderboardSnapshot } from "./leaderboard";
import type { NotificationView } from "./notifications";
import type { ChatMessageView } from "./support-chat";

/**
 * What happened on the server, as plain data: published by the sync, the jobs and the services
 * on the event bus (app/server/event-bus.server.ts), turned into websocket messages by app/realtime
 * only. Every payload is JSON (ISO-8601 strings, no Dates), so a bus between processes can carry
 * it unchanged. `at` is when it happened: the messages sent for it carry that time.
 */
export interface DomainEvents {
  /** A sync changed data: what the open leaderboards and the home page show now. */
  "leaderboard.updated": { snapshot: LeaderboardSnapshot; at: string };
  /** A race completed; its winners in the race API's shape, and its result's hash. */
  "race.completed": {
    raceId: number;
    winners: RaceParticipantJson[];
    resultHash: string;
    previousRaceEnd: string;
    nextRaceStart: string;
    at: string;
  };
  /**
   * An admin saved or removed the provider settings: the process that runs the sync runs it now,
   * so the operator sees the result of what they saved at once, not an interval later.
   */
  "provider.settings-changed": { at: string };
  /** The name masking setting or a member's choice changed: every process reloads its policy. */
  "player-names.changed": { at: string };
  /** Sessions that were signed out, terminated or purged: their sockets close. */
  "sessions.ended": { sessionIds: string[] };
  /** Notifications were committed to users' inboxes. */
  "notifications.created": { notifications: NotificationView[] };
  /** A support chat message was committed: its conversation's owner and staff see it. */
  "chat.message": { message: ChatMessageView; ownerId: number; at: string };
  /**
   * Someone is typing in a support conversation: a player's typing goes to staff, a staff
   * member's to the conversation's owner. Nothing is stored.
   */
  "chat.typing": {
    conversationId: number;
    ownerId: number;
    sender: { id: number; username: string };
    isStaffReply: boolean;
    at: string;
  };
}
