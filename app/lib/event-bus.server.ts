import type { DomainEvents } from "~/domain/events";
import { logger } from "./logger.server";

/**
 * Publish/subscribe between the parts of the server: the sync, the jobs and the services publish
 * domain events (app/domain/events.ts), app/realtime subscribes and tells the sockets. Interface
 * first, so a PostgreSQL LISTEN/NOTIFY bus can replace the in-process one when the site runs as
 * more than one process: publishing may then wait for the database (hence the promise), and the
 * payloads are JSON already.
 */
export interface EventBus<Events> {
  /** Resolves once the event is handed over (in process: once every subscriber has run). */
  publish<Topic extends keyof Events>(topic: Topic, payload: Events[Topic]): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe<Topic extends keyof Events>(
    topic: Topic,
    handler: (payload: Events[Topic]) => void,
  ): () => void;
}

export class InProcessEventBus<Events> implements EventBus<Events> {
  private readonly handlers = new Map<keyof Events, Set<(payload: never) => void>>();

  async publish<Topic extends keyof Events>(topic: Topic, payload: Events[Topic]): Promise<void> {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        (handler as (payload: Events[Topic]) => void)(payload);
      } catch (error) {
        // One failing subscriber must not keep the event from the others.
        logger.error({ err: error }, `event bus: a subscriber of ${String(topic)} failed`);
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

export const eventBus: EventBus<DomainEvents> = new InProcessEventBus<DomainEvents>();
