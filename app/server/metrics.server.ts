import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { requestsInFlight } from "./requests-in-flight.server";

/**
 * The process's Prometheus metrics (GET /metrics, app/http/operations-routes.server.ts). Labels
 * take bounded values only (route patterns, outcomes, endpoints), never a raw URL or an id: each
 * label value is a series Prometheus keeps.
 */
export const metricsRegistry = new Registry();
// Process CPU, memory, handles, GC and the event loop's lag (nodejs_eventloop_lag_*).
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

const httpRequests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status",
  labelNames: ["method", "route", "status"] as const,
  registers,
});

const httpRequestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to its answer's last byte, by method, route pattern and status",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5],
  registers,
});

new Gauge({
  name: "http_requests_in_flight",
  help: "HTTP requests received and not yet answered, the scrape's own included",
  registers,
  collect() {
    this.set(requestsInFlight());
  },
});

/** Methods outside these count as OTHER: a client can send any token as a method. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function observeHttpRequest(
  method: string,
  route: string,
  status: number,
  seconds: number,
): void {
  const labels = {
    method: KNOWN_METHODS.has(method) ? method : "OTHER",
    route,
    status: String(status),
  };
  httpRequests.inc(labels);
  httpRequestDuration.observe(labels, seconds);
}

const SYNC_OUTCOMES = ["success", "failed"] as const;
type RunOutcome = (typeof SYNC_OUTCOMES)[number];

const syncRuns = new Counter({
  name: "goatedvips_sync_runs_total",
  help: "Provider (or demo) syncs finished by this process, by outcome",
  labelNames: ["outcome"] as const,
  registers,
});

const syncDuration = new Histogram({
  name: "goatedvips_sync_duration_seconds",
  help: "How long syncs took, by outcome",
  labelNames: ["outcome"] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120],
  registers,
});

const raceJobRuns = new Counter({
  name: "goatedvips_race_job_runs_total",
  help: "Passes of the race job (completing races, the monthly race, start e-mails), by outcome",
  labelNames: ["outcome"] as const,
  registers,
});

// Both outcomes are shown from the start: an alert on failures needs the series at 0.
for (const outcome of SYNC_OUTCOMES) {
  syncRuns.inc({ outcome }, 0);
  raceJobRuns.inc({ outcome }, 0);
}

export function observeSyncRun(outcome: RunOutcome, seconds: number): void {
  syncRuns.inc({ outcome });
  syncDuration.observe({ outcome }, seconds);
}

export function observeRaceJobRun(outcome: RunOutcome): void {
  raceJobRuns.inc({ outcome });
}

const shareCardRenders = new Histogram({
  name: "goatedvips_share_card_render_seconds",
  help: "Open Graph result cards drawn (not taken from the cache), and how long each took, by kind",
  labelNames: ["kind"] as const,
  buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers,
});

export function observeShareCardRender(kind: "race" | "player", seconds: number): void {
  shareCardRenders.observe({ kind }, seconds);
}

const raceRankings = new Histogram({
  name: "goatedvips_race_ranking_seconds",
  help: "Rankings of a running race computed from the wager snapshots (not taken from the cache), and how long each took: SQLite's hold the event loop",
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers,
});

export function observeRaceRanking(seconds: number): void {
  raceRankings.observe(seconds);
}

/** Open websockets per endpoint, read from the hubs when scraped. */
export function exposeWebsocketClients(hubs: Record<string, { clientCount(): number }>): void {
  metricsRegistry.removeSingleMetric("goatedvips_websocket_clients");
  new Gauge({
    name: "goatedvips_websocket_clients",
    help: "Open websocket connections, by endpoint",
    labelNames: ["endpoint"] as const,
    registers,
    collect() {
      for (const [endpoint, hub] of Object.entries(hubs)) this.set({ endpoint }, hub.clientCount());
    },
  });
}

/**
 * A gauge whose value is read (from the database) when scraped. A read that fails leaves the
 * gauge out of that scrape, rather than failing /metrics as a whole.
 */
export function exposeGaugeReadOnScrape<Label extends string = never>(definition: {
  name: string;
  help: string;
  labelNames?: readonly Label[];
  read: () => Promise<{ labels?: Partial<Record<Label, string>>; value: number }[]>;
}): void {
  metricsRegistry.removeSingleMetric(definition.name);
  new GaugeReadOnScrape<Label>(
    { name: definition.name, help: definition.help, labelNames: definition.labelNames ?? [] },
    definition.read,
  );
}

/**
 * A gauge with exactly the samples its read returns: with none (no backup has succeeded yet) it
 * has none, where prom-client's gauge without labels would report 0, an age that reads "fresh".
 */
class GaugeReadOnScrape<Label extends string> extends Gauge<Label> {
  constructor(
    configuration: { name: string; help: string; labelNames: readonly Label[] },
    private readonly read: () => Promise<
      { labels?: Partial<Record<Label, string>>; value: number }[]
    >,
  ) {
    super({ ...configuration, registers });
  }

  override async get() {
    this.reset();
    const samples = await this.read().catch(() => []);
    for (const { labels, value } of samples) {
      if (labels) this.set(labels, value);
      else this.set(value);
    }
    const metric = await super.get();
    return samples.length > 0 ? metric : { ...metric, values: [] };
  }
}

/**
 * The hook for the backup job's records (issue 19 "Backups"): given the newest successful backup's
 * time, /metrics shows its age as goatedvips_last_successful_backup_age_seconds (absent while no
 * backup has succeeded). Wired in app/server-runtime.server.ts.
 */
export function exposeBackupAge(lastSuccessfulBackupAt: () => Promise<Date | null>): void {
  exposeGaugeReadOnScrape({
    name: "goatedvips_last_successful_backup_age_seconds",
    help: "Seconds since the newest successful backup finished",
    read: async () => ageSample(await lastSuccessfulBackupAt()),
  });
}

/** A gauge sample of the seconds since `at`, or none without a time. */
export function ageSample(at: Date | null, now = Date.now()): { value: number }[] {
  return at ? [{ value: Math.max(0, (now - at.getTime()) / 1000) }] : [];
}

/** The Prometheus text exposition of every metric, and its content type. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}
