import { singleton } from "~/lib/singleton.server";
import type { ServerMessage } from "./messages";

/**
 * Publish/subscribe between the parts of the server (sync, race jobs, sessions) and the websocket
 * hubs. Interface first, so a Redis or Postgres NOTIFY bus can replace the in-process one when the
 * site runs as more than one process.
 */
export interface EventBus<Events> {
  publish<Topic extends keyof Events>(topic: Topic, payload: Events[Topic]): void;
  /** Returns the function that unsubscribes. */
  subscribe<Topic extends keyof Events>(
    topic: Topic,
    handler: (payload: Events[Topic]) => void,
  ): () => void;
}

export interface AppEvents {
  /** A message every /ws/leaderboard client receives. */
  "leaderboard.broadcast": ServerMessage;
  /** Sessions that were signed out or terminated: their sockets close. */
  "session.ended": { sessionIds: string[] };
}

export class InProcessEventBus<Events> implements EventBus<Events> {
  private readonly handlers = new Map<keyof Events, Set<(payload: never) => void>>();

  publish<Topic extends keyof Events>(topic: Topic, payload: Events[Topic]): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        (handler as (payload: Events[Topic]) => void)(payload);
      } catch (error) {
        // One failing subscriber must not keep the message from the others.
        console.error(`event bus: a subscriber of ${String(topic)} failed`, error);
      }
    }
  }

  subscribe<Topic extends keyof Events>(
    topic: Topic,
    handler: (payload: Events[Topic]) => void,
  ): () => void {
    const set = this.handlers.get(topic) ?? new Set();
    set.add(handler);
    this.handlers.set(topic, set);
    return () => set.delete(handler);
  }
}

export const eventBus: EventBus<AppEvents> = singleton(
  "event-bus",
  () => new InProcessEventBus<AppEvents>(),
);
