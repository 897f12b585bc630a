// Fake Discord and Telegram APIs for the tests (docs/decisions/0078): one HTTPS server on
// loopback with a self-signed certificate made for the test (openssl), which the site trusts
// through NODE_EXTRA_CA_CERTS (Playwright's own server) or an injected undici dispatcher (vitest).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { Agent, fetch as undiciFetch } from "undici";
import { tmpdir } from "node:os";
import path from "node:path";

export interface TestCertificate {
  key: string;
  cert: string;
  /** The certificate's file, for NODE_EXTRA_CA_CERTS; removed by `remove`. */
  certPath: string;
  remove(): void;
}

/** A throwaway self-signed certificate for 127.0.0.1, valid a day. */
export function makeTestCertificate(): TestCertificate {
  const dir = mkdtempSync(path.join(tmpdir(), "fake-channels-"));
  const keyPath = path.join(dir, "key.pem");
  const certPath = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"],
      ...["-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"],
      ...["-addext", "subjectAltName=IP:127.0.0.1", "-keyout", keyPath, "-out", certPath],
    ],
    { stdio: "ignore" },
  );
  return {
    key: readFileSync(keyPath, "utf8"),
    cert: readFileSync(certPath, "utf8"),
    certPath,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A fetch that trusts `cert` (vitest: the process started before the certificate existed). */
export function fetchTrusting(cert: string): typeof fetch {
  const dispatcher = new Agent({ connect: { ca: cert } });
  return ((url: string, init: RequestInit) =>
    undiciFetch(url, { ...(init as object), dispatcher })) as unknown as typeof fetch;
}

/** What the fake received: a Discord webhook post or a Telegram method call. */
export interface FakeCall {
  provider: "discord" | "telegram";
  /** The webhook's "id/token", or the bot token. */
  credential: string;
  method: string;
  body: Record<string, unknown>;
}

export const FAKE_BOT_TOKEN = "123456789:AAfakeTelegramBotTokenForTheTests-abcd";
export const FAKE_BOT_USERNAME = "GoatedTestBot";

export interface FakeChannels {
  url: string;
  calls: FakeCall[];
  /** The next `count` calls to `provider` answer 429 asking to wait `seconds`. */
  rateLimit(provider: "discord" | "telegram", seconds: number, count?: number): void;
  /** Updates getUpdates hands the bot (Telegram), from update_id 1 on. */
  queueUpdate(message: Record<string, unknown>): void;
  close(): Promise<void>;
}

export async function startFakeChannels(
  certificate: Pick<TestCertificate, "key" | "cert">,
  { port = 0 }: { port?: number } = {},
): Promise<FakeChannels> {
  const calls: FakeCall[] = [];
  const limits = { discord: { seconds: 0, count: 0 }, telegram: { seconds: 0, count: 0 } };
  const updates: Record<string, unknown>[] = [];
  const server = createServer(certificate, (req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    req.on("end", () => {
      const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(json));
      };
      const url = new URL(req.url ?? "/", "https://127.0.0.1");
      const discord = /^\/webhooks\/(\d+)\/([\w-]+)$/.exec(url.pathname);
      const telegram = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
      if (url.pathname === "/healthz") return answer(200, { ok: true });
      if (discord) {
        const limit = limits.discord;
        if (limit.count > 0) {
          limit.count -= 1;
          return answer(429, {
            message: "You are being rate limited.",
            retry_after: limit.seconds,
            global: false,
          });
        }
        calls.push({
          provider: "discord",
          credential: `${discord[1]}/${discord[2]}`,
          method: "execute",
          body,
        });
        res.writeHead(204).end();
        return;
      }
      if (telegram) {
        const [, token, method] = telegram as unknown as [string, string, string];
        if (token !== FAKE_BOT_TOKEN) {
          return answer(401, { ok: false, error_code: 401, description: "Unauthorized" });
        }
        if (method === "getMe") {
          return answer(200, {
            ok: true,
            result: { id: 123456789, is_bot: true, username: FAKE_BOT_USERNAME },
          });
        }
        if (method === "getUpdates") {
          const offset = Number(body.offset ?? 0);
          const result = updates
            .map((message, i) => ({ update_id: i + 1, message }))
            .filter((update) => update.update_id >= offset);
          return answer(200, { ok: true, result });
        }
        const limit = limits.telegram;
        if (limit.count > 0) {
          limit.count -= 1;
          return answer(429, {
            ok: false,
            error_code: 429,
            description: `Too Many Requests: retry after ${limit.seconds}`,
            parameters: { retry_after: limit.seconds },
          });
        }
        calls.push({ provider: "telegram", credential: token, method, body });
        return answer(200, { ok: true, result: { message_id: calls.length } });
      }
      answer(404, { message: "Unknown path" });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${bound}`,
    calls,
    rateLimit(provider, seconds, count = 1) {
      limits[provider] = { seconds, count };
    },
    queueUpdate(message) {
      updates.push(message);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
