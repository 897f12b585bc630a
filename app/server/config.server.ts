import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ADMIN_HOST_PATTERN } from "~/lib/admin-host";

/** A PostgreSQL URL (postgres:// or postgresql://), as DATABASE_URL takes it. */
export const POSTGRES_URL_PATTERN = /^postgres(ql)?:\/\//;

// PostgreSQL instead of the SQLite file (docs/decisions/0037).
const databaseUrlSchema = z
  .string()
  .regex(POSTGRES_URL_PATTERN, "DATABASE_URL must look like postgres://user:pass@host:5432/db")
  .optional();

// 1: every runtime departure from stock Remix off at once (app/http/README.md).
const stockRemixSchema = z.enum(["0", "1"], { message: "STOCK_REMIX must be 0 or 1" }).optional();

const envSchema = z
  .object({
    DATABASE_URL: databaseUrlSchema,
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // The address the server listens on; unset, every interface. 127.0.0.1 behind a reverse
    // proxy on the same machine (docs/deploy), so the port is not reachable from outside.
    HOST: z
      .union([z.ipv4(), z.ipv6(), z.hostname()], {
        message: "HOST must be an IP address or a host name, such as 127.0.0.1",
      })
      .optional(),
    PUBLIC_ORIGIN: z
      .url({ message: "PUBLIC_ORIGIN must be an absolute URL such as https://goatedvips.gg" })
      .transform((value) => new URL(value).origin)
      .optional(),
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
    ADMIN_USERNAME: z.string().trim().min(3).max(50).optional(),
    ADMIN_PASSWORD: z.string().min(6, "ADMIN_PASSWORD must be at least 6 characters").optional(),
    // The host that serves the admin area only (app/lib/admin-host.ts).
    ADMIN_HOST: z
      .string()
      .trim()
      .toLowerCase()
      .regex(ADMIN_HOST_PATTERN, {
        message:
          "ADMIN_HOST must be a host name, optionally with a port, such as admin.goatedvips.gg",
      })
      .optional(),
    // Slow clients (issue 30): a request's headers (websocket upgrades' too) must arrive within
    // the first, the whole request within the second, or the connection is closed.
    HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(0.1).default(10),
    HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0.1).default(30),
    // Page and API requests under way at once past which new ones get a 503 with Retry-After
    // (app/http/load-shedding.server.ts; default 128 per core).
    HTTP_MAX_REQUESTS_WAITING: z.coerce.number().int().min(1).optional(),
    // Open websockets per client address (app/realtime/upgrade-router.server.ts says why 50).
    WS_MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).optional(),
    // Accounts one address may create in an hour (the e2e tests, all from one address, raise it).
    REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(5),
    // E-mail (docs/decisions/0025): without SMTP_URL messages are written to data/mail/ as .eml.
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL must look like smtp://user:pass@host:587 or smtps://...")
      .optional(),
    MAIL_FROM: z.string().min(3).default("GoatedVIPs <no-reply@goatedvips.gg>"),
    // The community channels' APIs (docs/decisions/0078): elsewhere only in tests.
    TELEGRAM_API_BASE_URL: z
      .url({ message: "TELEGRAM_API_BASE_URL must be an absolute URL" })
      .default("https://api.telegram.org"),
    DISCORD_API_BASE_URL: z
      .url({ message: "DISCORD_API_BASE_URL must be an absolute URL" })
      .default("https://discord.com/api"),
    // The structured log's threshold (app/server/logger.server.ts).
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        message: "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
    STOCK_REMIX: stockRemixSchema,
    // What a scraper sends as `Authorization: Bearer ...` to read /metrics from outside loopback.
    METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
    // Backups (docs/operations.md "Backups"): the folder (default: backups/ beside the database), how many
    // to keep, the built-in job's period (0: off, e.g. when a systemd timer runs them), and a
    // shell command run with each finished file's path as $1 (an off-site copy).
    BACKUP_DIR: z.string().trim().min(1).optional(),
    BACKUP_KEEP: z.coerce.number().int().min(1).default(14),
    BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).default(24),
    BACKUP_COMMAND: z.string().trim().min(1).optional(),
    // On PostgreSQL: how often a process without the job lock tries to take it (the longest the
    // jobs stand still after their process dies), and the holder checks its connection.
    JOB_LEADER_INTERVAL_SECONDS: z.coerce.number().min(0.1).default(15),
    // How long a stopping server (SIGTERM) waits for its requests, sockets and jobs before it
    // exits anyway: longer than a sync's provider call (10 s) and a queue of password hashes.
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(1).default(30),
  })
  .refine((env) => env.HTTP_HEADERS_TIMEOUT_SECONDS <= env.HTTP_REQUEST_TIMEOUT_SECONDS, {
    message: "HTTP_HEADERS_TIMEOUT_SECONDS must not be longer than HTTP_REQUEST_TIMEOUT_SECONDS",
    path: ["HTTP_HEADERS_TIMEOUT_SECONDS"],
  })
  .refine((env) => (env.ADMIN_USERNAME === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: "ADMIN_USERNAME and ADMIN_PASSWORD go together: set both or neither",
    path: ["ADMIN_PASSWORD"],
  });

export type ServerConfig = z.infer<typeof envSchema>;

/** Reads and validates the environment; a bad value stops the server with a clear message. */
export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return parseEnv(envSchema, env);
}

/**
 * STOCK_REMIX=1: the site as stock Remix serves it, without the page cache, the signed-in pages
 * spliced from the visitor's, the JSON API before Remix, whole-body compression, held scripts and
 * PostgreSQL's statements planned once (app/http/README.md): to tell whether a fault or a cost is
 * theirs. Read when the app starts.
 */
export function stockRemix(source: NodeJS.ProcessEnv = process.env): boolean {
  const env = parseEnv(z.object({ STOCK_REMIX: stockRemixSchema }), source);
  return env.STOCK_REMIX === "1";
}

/**
 * DATABASE_URL, validated as readServerConfig validates it: the PostgreSQL database, or null for
 * the SQLite file (the default). For what needs the database alone (db/, the scripts).
 */
export function databaseUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  return parseEnv(z.object({ DATABASE_URL: databaseUrlSchema }), env).DATABASE_URL ?? null;
}

function parseEnv<Schema extends z.ZodType>(
  schema: Schema,
  env: NodeJS.ProcessEnv,
): z.infer<Schema> {
  const parsed = schema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  return parsed.data;
}

function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === "" ? undefined : v]));
}

/** Where backups go: BACKUP_DIR, else a `backups` folder beside the database (data/backups). */
export function backupDirectory(config: ServerConfig, databasePath: string): string {
  return path.resolve(config.BACKUP_DIR ?? path.join(path.dirname(databasePath), "backups"));
}

/**
 * SESSION_SECRET signs our cookies. Without one, a random secret is created once in the data
 * folder (next to the database) and reused, so a self-hoster's `npm start` just works and
 * restarts keep everyone's cookies valid.
 */
export function resolveSessionSecret(
  configured: string | undefined,
  dataDir: string,
): { secret: string; generatedFile: string | null } {
  if (configured) return { secret: configured, generatedFile: null };
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return { secret: readFileSync(file, "utf8").trim(), generatedFile: file };
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { secret, generatedFile: file };
}

/** The secret for signing cookies; the server runtime resolves it before it serves anything. */
export function sessionSecret(): string {
  const secret = process.env.SESSION_SECRET;
  if (!secret) throw new Error("SESSION_SECRET is not set; start the site through server.ts");
  return secret;
}

/**
 * The origin links in e-mails point to: PUBLIC_ORIGIN, else this machine's port (development and
 * the browser tests).
 */
export function siteOrigin(): string {
  const config = readServerConfig();
  return config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`;
}

let httpsOnly: boolean | undefined;

/** Cookies are Secure (and session cookies __Host-) only when the site is served over https. */
export function servedOverHttps(): boolean {
  httpsOnly ??= readServerConfig().PUBLIC_ORIGIN?.startsWith("https:") ?? false;
  return httpsOnly;
}
