import { logger } from "./logger.server";

type Handler = (payload: never) => void;

/** The subscribers one process has on an event bus, by topic: what every bus delivers to. */
export class LocalSubscribers<Events> {
  private readonly handlers = new Map<keyof Events, Set<Handler>>();

  /** Returns the function that unsubscribes. */
  add<Topic extends keyof Events>(
    topic: Topic,
    handler: (payload: Events[Topic]) => void,
  ): () => void {
    const set = this.handlers.get(topic) ?? new Set();
    set.add(handler);
    this.handlers.set(topic, set);
    return () => set.delete(handler);
  }

  /** Runs every handler of the topic; one that throws is logged and keeps none from the others. */
  deliver<Topic extends keyof Events>(topic: Topic, payload: Events[Topic]): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        (handler as (payload: Events[Topic]) => void)(payload);
      } catch (error) {
        logger.error({ err: error }, `event bus: a subscriber of ${String(topic)} failed`);
      }
    }
  }
}
