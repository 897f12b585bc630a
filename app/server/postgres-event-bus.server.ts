import { randomUUID } from "node:crypto";
import pg from "pg";
import type { EventBus } from "./event-bus.server";
import { LocalSubscribers } from "./local-subscribers.server";
import { logger } from "./logger.server";

/** The NOTIFY channel every process of the site listens on. */
export const EVENT_CHANNEL = "goatedvips_events";
/** NOTIFY refuses payloads of 8,000 bytes or more: a larger event goes through a table. */
export const MAX_NOTIFY_BYTES = 7_999;
/** Large payloads are read within milliseconds; rows older than this are deleted. */
const PAYLOAD_ROW_LIFETIME_MS = 10 * 60_000;
/** How long a publisher waits for its own notification before delivering locally without it. */
const LOOPBACK_TIMEOUT_MS = 5_000;
/** The listener's name in pg_stat_activity. */
export const LISTENER_NAME = "goatedvips event bus";
const RECONNECT_DELAY_MS = { first: 100, max: 5_000 };

/** What NOTIFY carries: who published it (bus and sequence number), the topic, and the payload
 * itself or the id of its row in event_bus_payloads. */
interface Envelope {
  origin: string;
  seq: number;
  topic: string;
  payload?: unknown;
  payloadId?: string;
}

interface PendingPublish {
  topic: string;
  payload: unknown;
  done: () => void;
  timer: NodeJS.Timeout;
}

export interface PostgresEventBusOptions {
  /** For the listener's connection of its own (LISTEN holds a session). */
  connectionString: string;
  /** Where publishes (and large payloads' reads) go: the process's query pool, which the bus
   * shares and does not end (./postgres-pool.server.ts). */
  pool: pg.Pool;
  /** The first wait before reconnecting the listener after its connection is lost; it doubles. */
  reconnectDelayMs?: number;
}

/**
 * The event bus shared by every process of the site through PostgreSQL's LISTEN/NOTIFY
 * (docs/decisions/0038). A dedicated connection LISTENs, from the first subscription on; a publish
 * is a NOTIFY (through the process's query pool), and every listening process, the publisher included, gets
 * it once and runs its own subscribers. The publisher waits for its own notification to come
 * back, so `publish` resolves once the local subscribers have run, as in process.
 *
 * Exactly once per process: each event carries its bus's id and a sequence number. When the
 * listener is down (or its own notification is late) the publisher delivers locally at once and
 * remembers that, so a notification arriving after all is dropped. Other processes miss what was
 * published while their listener was down: NOTIFY keeps nothing for absent listeners, and the
 * pushes are live state that the next sync or page load brings anyway.
 */
export class PostgresEventBus<Events> implements EventBus<Events> {
  private readonly subscribers = new LocalSubscribers<Events>();
  private readonly origin = randomUUID();
  private readonly pool: pg.Pool;
  private readonly connectionString: string;
  private readonly firstReconnectDelayMs: number;
  private sequence = 0;
  private readonly pending = new Map<number, PendingPublish>();
  private listener: pg.Client | null = null;
  /** Settles once the listener has LISTENed (or failed to); null until the first subscription. */
  private listening: Promise<void> | null = null;
  private connected = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelayMs: number;
  /** Notifications are handled in arrival order, even those that first read their payload. */
  private inbox: Promise<void> = Promise.resolve();
  private lastCleanup = 0;
  private closed = false;

  constructor({ connectionString, pool, reconnectDelayMs }: PostgresEventBusOptions) {
    this.connectionString = connectionString;
    this.pool = pool;
    this.firstReconnectDelayMs = reconnectDelayMs ?? RECONNECT_DELAY_MS.first;
    this.reconnectDelayMs = this.firstReconnectDelayMs;
  }

  /** Whether the listener is connected and LISTENing (for tests and readiness). */
  get isListening(): boolean {
    return this.connected;
  }

  /** Settles once the listener is LISTENing (or has given up this attempt). */
  async ready(): Promise<void> {
    await this.listening;
  }

  async publish<Topic extends keyof Events>(topic: Topic, payload: Events[Topic]): Promise<void> {
    if (this.listening) await this.listening;
    const seq = ++this.sequence;
    const envelope: Envelope = { origin: this.origin, seq, topic: String(topic), payload };
    let text = JSON.stringify(envelope);
    if (Buffer.byteLength(text) > MAX_NOTIFY_BYTES) {
      const payloadId = randomUUID();
      await this.pool.query(
        "INSERT INTO event_bus_payloads (id, payload, created_ms) VALUES ($1, $2, $3)",
        [payloadId, JSON.stringify(payload), Date.now()],
      );
      text = JSON.stringify({ ...envelope, payload: undefined, payloadId });
      this.cleanUpOldPayloads();
    }
    const delivered = this.connected ? this.awaitLoopback(seq, String(topic), payload) : null;
    try {
      await this.pool.query("SELECT pg_notify($1, $2)", [EVENT_CHANNEL, text]);
    } catch (error) {
      // The other processes miss it; this one's sockets still hear of it, and the publisher's own
      // work (a sync, a sign-out) does not fail for a push.
      logger.error({ err: error }, `event bus: ${String(topic)} could not be published`);
      if (delivered) this.settlePending(seq, true);
      else this.subscribers.deliver(topic, payload);
      return;
    }
    if (delivered) await delivered;
    // Not listening (no subscriber yet, or the listener is reconnecting): local subscribers hear
    // of it now, and the notification, should the listener get it after all, is not pending.
    else this.subscribers.deliver(topic, payload);
  }

  subscribe<Topic extends keyof Events>(
    topic: Topic,
    handler: (payload: Events[Topic]) => void,
  ): () => void {
    this.listening ??= this.connect();
    return this.subscribers.add(topic, handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    for (const seq of [...this.pending.keys()]) this.settlePending(seq, true);
    const listener = this.listener;
    this.listener = null;
    this.connected = false;
    await listener?.end().catch(() => {});
  }

  private awaitLoopback(seq: number, topic: string, payload: unknown): Promise<void> {
    return new Promise<void>((done) => {
      const timer = setTimeout(() => {
        logger.warn(`event bus: ${topic} did not come back in time; delivered locally`);
        this.settlePending(seq, true);
      }, LOOPBACK_TIMEOUT_MS);
      this.pending.set(seq, { topic, payload, done, timer });
    });
  }

  /** Ends a publish's wait, delivering its event locally first when `deliver`. */
  private settlePending(seq: number, deliver: boolean): void {
    const entry = this.pending.get(seq);
    if (!entry) return;
    this.pending.delete(seq);
    clearTimeout(entry.timer);
    if (deliver) this.subscribers.deliver(entry.topic as keyof Events, entry.payload as never);
    entry.done();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 10_000,
      application_name: LISTENER_NAME,
    });
    this.listener = client;
    client.on("notification", (message) => {
      if (message.channel !== EVENT_CHANNEL || !message.payload) return;
      const text = message.payload;
      this.inbox = this.inbox.then(() => this.receive(text));
    });
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client, null));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENT_CHANNEL}`);
      if (this.listener !== client) return;
      this.connected = true;
      this.reconnectDelayMs = this.firstReconnectDelayMs;
    } catch (error) {
      this.lost(client, error);
    }
  }

  /** The listener's connection is gone: pending publishes deliver locally, and it reconnects. */
  private lost(client: pg.Client, error: unknown): void {
    if (this.listener !== client) return;
    this.listener = null;
    this.connected = false;
    client.end().catch(() => {});
    for (const seq of [...this.pending.keys()]) this.settlePending(seq, true);
    if (this.closed) return;
    logger.warn({ err: error }, "event bus: the LISTEN connection was lost; reconnecting");
    const delay = this.reconnectDelayMs;
    this.reconnectDelayMs = Math.min(delay * 2, RECONNECT_DELAY_MS.max);
    this.reconnectTimer = setTimeout(() => {
      this.listening = this.connect();
    }, delay);
  }

  private async receive(text: string): Promise<void> {
    try {
      const envelope = JSON.parse(text) as Envelope;
      const topic = envelope.topic as keyof Events;
      if (envelope.origin === this.origin) {
        // Our own: delivered now unless it was delivered already (see the class comment).
        this.settlePending(envelope.seq, true);
        return;
      }
      let payload = envelope.payload;
      if (envelope.payloadId !== undefined) {
        const { rows } = await this.pool.query<{ payload: string }>(
          "SELECT payload FROM event_bus_payloads WHERE id = $1",
          [envelope.payloadId],
        );
        const row = rows[0];
        if (!row) {
          logger.warn(`event bus: the payload of a ${envelope.topic} event is gone`);
          return;
        }
        payload = JSON.parse(row.payload);
      }
      this.subscribers.deliver(topic, payload as never);
    } catch (error) {
      logger.error({ err: error }, "event bus: a notification could not be handled");
    }
  }

  /** Deletes old large payloads, at most once a minute per process. */
  private cleanUpOldPayloads(): void {
    const now = Date.now();
    if (now - this.lastCleanup < 60_000) return;
    this.lastCleanup = now;
    this.pool
      .query("DELETE FROM event_bus_payloads WHERE created_ms < $1", [
        now - PAYLOAD_ROW_LIFETIME_MS,
      ])
      .catch((error: unknown) => logger.warn({ err: error }, "event bus: cleanup failed"));
  }
}
