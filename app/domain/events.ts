import type { RaceParticipantJson } from "./api-contract";
import type { LeaderboardSnapshot } from "./leaderboard";
import type { NotificationView } from "./notifications";

/**
 * What happened on the server, as plain data: published by the sync, the jobs and the services
 * on the event bus (app/lib/event-bus.server.ts), turned into websocket messages by app/realtime
 * only. Every payload is JSON (ISO-8601 strings, no Dates), so a bus between processes can carry
 * it unchanged. `at` is when it happened: the messages sent for it carry that time.
 */
export interface DomainEvents {
  /** A sync changed data: what the open leaderboards and the home page show now. */
  "leaderboard.updated": { snapshot: LeaderboardSnapshot; at: string };
  /** A race completed; its winners in the race API's shape. */
  "race.completed": {
    raceId: number;
    winners: RaceParticipantJson[];
    previousRaceEnd: string;
    nextRaceStart: string;
    at: string;
  };
  /** Sessions that were signed out, terminated or purged: their sockets close. */
  "sessions.ended": { sessionIds: string[] };
  /** Notifications were committed to users' inboxes. */
  "notifications.created": { notifications: NotificationView[] };
}
