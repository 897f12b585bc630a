import type { DomainEvents } from "~/domain/events";
import { databaseUrlFromEnv } from "./config.server";
import type { EventBus } from "./event-bus.server";
import { InProcessEventBus } from "./event-bus.server";
import { PostgresEventBus } from "./postgres-event-bus.server";
import { sharedPostgresPool } from "./postgres-pool.server";

// The app's one bus, in a file of its own: the buses (./event-bus.server.ts and
// ./postgres-event-bus.server.ts) know nothing of each other or of this configuration.

/** The bus for this configuration: shared through PostgreSQL when DATABASE_URL names one. */
export function createEventBus<Events>(databaseUrl: string | null): EventBus<Events> {
  return databaseUrl
    ? new PostgresEventBus<Events>({
        connectionString: databaseUrl,
        pool: sharedPostgresPool(databaseUrl),
      })
    : new InProcessEventBus<Events>();
}

export const eventBus: EventBus<DomainEvents> = createEventBus<DomainEvents>(databaseUrlFromEnv());
