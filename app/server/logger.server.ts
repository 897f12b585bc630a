import pino from "pino";
import type { DestinationStream, Logger } from "pino";
import { readServerConfig } from "./config.server";

/**
 * Never written, whatever a log call is given: the credentials a request or an error may carry
 * (the request log itself writes no headers; this is the net under it).
 */
const REDACTED_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "password",
  "token",
];

/**
 * The process's structured log: one JSON object a line on stdout, written asynchronously (a
 * request never waits for the terminal), at LOG_LEVEL. In development in a terminal, pino-pretty
 * (a dev dependency) makes the lines readable. `destination` is for tests.
 */
export function createLogger(destination?: DestinationStream): Logger {
  const options = {
    level: readServerConfig().LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    base: undefined,
  };
  if (destination) return pino(options, destination);
  if (process.env.NODE_ENV === "development" && process.stdout.isTTY) {
    return pino({ ...options, transport: { target: "pino-pretty", options: { colorize: true } } });
  }
  return pino(options, pino.destination({ dest: 1, sync: false }));
}

export const logger = createLogger();
