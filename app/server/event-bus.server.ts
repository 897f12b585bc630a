import { LocalSubscribers } from "./local-subscribers.server";

/**
 * Publish/subscribe between the parts of the server: the sync, the jobs and the services publish
 * domain events (app/domain/events.ts), app/realtime subscribes and tells the sockets. In one
 * process (SQLite) the bus is in memory; with DATABASE_URL=postgres://... every process shares one
 * bus over LISTEN/NOTIFY (./postgres-event-bus.server.ts), so a push published by any process
 * reaches the sockets of all. Payloads are JSON already.
 */
export interface EventBus<Events> {
  /** Resolves once the event is handed over and this process's subscribers have run. */
  publish<Topic extends keyof Events>(topic: Topic, payload: Events[Topic]): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe<Topic extends keyof Events>(
    topic: Topic,
    handler: (payload: Events[Topic]) => void,
  ): () => void;
  /** Lets go of what the bus holds (a database connection); the server calls it when it stops. */
  close(): Promise<void>;
}

export class InProcessEventBus<Events> implements EventBus<Events> {
  private readonly subscribers = new LocalSubscribers<Events>();

  async publish<Topic extends keyof Events>(topic: Topic, payload: Events[Topic]): Promise<void> {
    this.subscribers.deliver(topic, payload);
  }

  subscribe<Topic extends keyof Events>(
    topic: Topic,
    handler: (payload: Events[Topic]) => void,
  ): () => void {
    return this.subscribers.add(topic, handler);
  }

  async close(): Promise<void> {}
}
