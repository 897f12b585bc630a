import { execFileSync } from "node:child_process";
import { createECDH, randomBytes } from "node:crypto";
import type { ECDH } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { Agent, createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { decrypt } from "http_ece";

/**
 * A push service on loopback for tests: HTTPS with a self-signed certificate made here (the
 * sender trusts it through web-push's `agent` option: NODE_EXTRA_CA_CERTS is read once, when a
 * process starts, before a test could make the certificate). It answers each push with the next
 * status of `answers` (201 once they run out) and keeps what it received.
 */

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A browser's side of a subscription: a real P-256 key pair and auth secret, so pushes decrypt. */
export interface FakeDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), "fake-push-"));
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

export async function startFakePushService() {
  const { key, cert } = selfSignedCertificate();
  const received: ReceivedPush[] = [];
  const answers: number[] = [];
  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.statusCode = answers.shift() ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    answers,
    /** The agent that trusts this service's certificate (only it). */
    agent: new Agent({ ca: cert }),
    /** A new browser subscription at this service. */
    device(name: string): FakeDevice {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      return {
        endpoint: `${origin}/push/${name}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString("base64url"),
          auth: randomBytes(16).toString("base64url"),
        },
        ecdh,
      };
    },
    /** What `device` reads from a push: the aes128gcm body decrypted with its private key. */
    open(device: FakeDevice, push: ReceivedPush): unknown {
      const plain = decrypt(push.body, {
        version: "aes128gcm",
        privateKey: device.ecdh,
        authSecret: device.keys.auth,
      });
      return JSON.parse(plain.toString("utf8"));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
