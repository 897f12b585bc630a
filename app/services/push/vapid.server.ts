import webpush from "web-push";
import { readServerConfig } from "~/server/config.server";
import { openSecret, sealSecret } from "~/server/secret-box.server";
import { db } from "~/services/db.server";

/**
 * The site's VAPID key pair (RFC 8292): made the first time it is needed and kept in the database,
 * so every process and every restart signs with the key browsers subscribed with. The private key
 * is stored sealed (a copy of the database alone does not yield it) and never leaves the server.
 */

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SEAL_CONTEXT = "push_vapid_keys:1";

let cached: Promise<VapidKeys> | null = null;

async function loadOrCreate(): Promise<VapidKeys> {
  const made = webpush.generateVAPIDKeys();
  // Two processes starting together: the first insert wins, both read the row it left.
  await db
    .insertInto("push_vapid_keys")
    .values({
      id: 1,
      public_key: made.publicKey,
      private_key_sealed: sealSecret(made.privateKey, SEAL_CONTEXT),
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  const row = await db
    .selectFrom("push_vapid_keys")
    .select(["public_key", "private_key_sealed"])
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  const privateKey = openSecret(row.private_key_sealed, SEAL_CONTEXT);
  if (privateKey === null) {
    throw new Error("The stored VAPID private key does not open: was SESSION_SECRET changed?");
  }
  return { publicKey: row.public_key, privateKey };
}

export function vapidKeys(): Promise<VapidKeys> {
  cached ??= loadOrCreate().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

/** The public key browsers subscribe with (base64url, an uncompressed P-256 point). */
export async function vapidPublicKey(): Promise<string> {
  return (await vapidKeys()).publicKey;
}

/**
 * Who the push services may contact about our pushes (RFC 8292 §2.1): the site's https origin,
 * else the sender address of its e-mail.
 */
export function vapidSubject(): string {
  const config = readServerConfig();
  if (config.PUBLIC_ORIGIN?.startsWith("https://")) return config.PUBLIC_ORIGIN;
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM;
  return `mailto:${address.trim()}`;
}
