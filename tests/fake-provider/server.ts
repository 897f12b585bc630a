import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";

/**
 * A stand-in for the provider's affiliate API on loopback: it serves a fixture payload at the real
 * path to the right bearer token, and can be switched into the faults the sync must survive.
 * Control endpoints (for Playwright, which runs it in another process): POST /__control/mode
 * {mode}, POST /__control/bump {uid, amount}, POST /__control/reset.
 */
export const FAULT_MODES = [
  "ok",
  "rate-limited",
  "server-error",
  "hang",
  "malformed-json",
  "wrong-shape",
  // The provider refuses every token (an expired or revoked one), with its own message.
  "refuse-401",
  "refuse-403",
  // The endpoint answers without a token, as some affiliates' do.
  "open",
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export const FAKE_TOKEN = "fake-provider-token";
export const FAKE_AFFILIATE_UID = "fake-affiliate";
export const RETRY_AFTER_SECONDS = 42;
/** The provider's own words when it refuses a token. */
export const REFUSALS = { 401: "Unauthorized", 403: "Token expired or revoked" } as const;

interface FixtureEntry {
  uid?: unknown;
  name?: unknown;
  wagered?: Record<string, unknown>;
}
interface FixturePayload {
  success: boolean;
  data: FixtureEntry[];
}

export function loadFixture(name = "referrals"): FixturePayload {
  return JSON.parse(
    readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"),
  ) as FixturePayload;
}

export interface FakeProvider {
  /** The base URL to give as GOATED_API_BASE_URL. */
  url: string;
  setMode(mode: FaultMode): void;
  setPayload(payload: unknown): void;
  /** Adds `amount` to every period of one player. */
  bump(uid: string, amount: number): void;
  reset(): void;
  requests: number;
  /** The Authorization header of the last leaderboard request; null when it had none. */
  lastAuthorization: string | null;
  close(): Promise<void>;
}

export async function startFakeProvider({
  port = 0,
  token = FAKE_TOKEN,
  affiliateUid = FAKE_AFFILIATE_UID,
}: { port?: number; token?: string; affiliateUid?: string } = {}): Promise<FakeProvider> {
  let mode: FaultMode = "ok";
  let payload: unknown = loadFixture();
  // Serialised once per change, so a benchmark's timing is the client's work, not ours.
  let body: string | null = null;
  let requests = 0;
  let lastAuthorization: string | null = null;

  const bump = (uid: string, amount: number) => {
    const entries = (payload as FixturePayload).data;
    const entry = entries.find((e) => e.uid === uid);
    if (!entry) throw new Error(`no fixture player ${uid}`);
    const wagered = entry.wagered ?? {};
    for (const key of ["today", "this_week", "this_month", "all_time"]) {
      wagered[key] = Number(wagered[key] ?? 0) + amount;
    }
    entry.wagered = wagered;
    body = null;
  };

  const reset = () => {
    mode = "ok";
    payload = loadFixture();
    body = null;
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake.invalid");
    if (request.method === "POST" && url.pathname.startsWith("/__control/")) {
      let text = "";
      request.on("data", (chunk: Buffer) => (text += chunk.toString()));
      request.on("end", () => {
        try {
          const input = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
          if (url.pathname === "/__control/mode") mode = input.mode as FaultMode;
          else if (url.pathname === "/__control/bump")
            bump(String(input.uid), Number(input.amount));
          else if (url.pathname === "/__control/reset") reset();
          else throw new Error("unknown control");
          response.writeHead(204).end();
        } catch (error) {
          response.writeHead(400).end(String(error));
        }
      });
      return;
    }

    if (url.pathname === "/healthz") {
      response.writeHead(200).end("ok");
      return;
    }
    requests += 1;
    lastAuthorization = request.headers.authorization ?? null;
    if (url.pathname !== `/user2/affiliate/referral-leaderboard/${affiliateUid}`) {
      response.writeHead(404).end("Not found");
      return;
    }
    if (mode === "refuse-401" || mode === "refuse-403") {
      const status = mode === "refuse-401" ? 401 : 403;
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ success: false, message: REFUSALS[status] }));
      return;
    }
    if (mode !== "open" && request.headers.authorization !== `Bearer ${token}`) {
      response.writeHead(401, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ success: false, message: "Unauthorized" }));
      return;
    }
    const json = { "Content-Type": "application/json" };
    switch (mode) {
      case "ok":
      case "open":
        body ??= JSON.stringify(payload);
        response.writeHead(200, json).end(body);
        return;
      case "rate-limited":
        response.writeHead(429, { ...json, "Retry-After": String(RETRY_AFTER_SECONDS) });
        response.end(JSON.stringify({ success: false, message: "Too many requests" }));
        return;
      case "server-error":
        response.writeHead(500, json).end(JSON.stringify({ success: false }));
        return;
      case "hang":
        // Headers never come; the client's timeout must end it.
        return;
      case "malformed-json":
        response.writeHead(200, json).end('{"success": true, "data": [{"uid": "a1", ');
        return;
      case "wrong-shape":
        response.writeHead(200, json).end(JSON.stringify({ success: true, data: { rows: [] } }));
        return;
    }
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    setMode: (next) => {
      mode = next;
    },
    setPayload: (next) => {
      payload = next;
      body = null;
    },
    bump,
    reset,
    get requests() {
      return requests;
    },
    get lastAuthorization() {
      return lastAuthorization;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
