import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertUser } from "../../factories";
import { EMAIL_CLAIM_LEASE_MS, MAX_EMAIL_ATTEMPTS } from "~/domain/email";
import { db } from "~/services/db.server";
import { drainOutbox, enqueueEmails } from "~/services/email/outbox.server";
import type { MailTransport, OutboxMessage } from "~/services/email/outbox.server";
import { queueAnnouncement } from "./queued-announcement";

const T0 = new Date("2026-11-23T12:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;

beforeAll(async () => {
  await migrateToLatest(db);
});

beforeEach(async () => {
  await db.deleteFrom("email_outbox").execute();
  await db.deleteFrom("users").execute();
});

/** A transport that records what it sent, failing while `failing` is true. */
function recordingTransport() {
  const sent: OutboxMessage[] = [];
  const transport = {
    failing: false,
    sent,
    async send(message: OutboxMessage) {
      if (transport.failing) throw new Error("SMTP is down");
      sent.push(message);
    },
  };
  return transport;
}

async function queueOne(subject = "Hello") {
  await queueAnnouncement(db, { subject, at: T0 });
  return db.selectFrom("email_outbox").selectAll().executeTakeFirstOrThrow();
}

describe("the e-mail outbox", () => {
  it("sends a due message once and records it sent", async () => {
    const row = await queueOne();
    expect(row).toMatchObject({ status: "queued", attempts: 0, sent_at: null });
    const transport = recordingTransport();
    expect(await drainOutbox(transport, { now: () => T0 })).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    });
    expect(await drainOutbox(transport, { now: () => at(MINUTE) })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    expect(transport.sent.map((m) => m.subject)).toEqual(["Hello"]);
    expect(transport.sent[0]?.unsubscribeUrl).toMatch(/\/unsubscribe\?token=/);
    const after = await db.selectFrom("email_outbox").selectAll().executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: "sent", attempts: 1, sent_at: T0.toISOString() });
  });

  it("retries a failing transport after 1, 2, 4 and 8 minutes, then marks it failed", async () => {
    await queueOne();
    const transport = recordingTransport();
    transport.failing = true;
    let clock = T0;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_EMAIL_ATTEMPTS; attempt += 1) {
      // Not due a moment before its next attempt.
      expect(
        (await drainOutbox(transport, { now: () => new Date(clock.getTime() - 1) })).retried,
      ).toBe(0);
      const result = await drainOutbox(transport, { now: () => clock });
      const row = await db.selectFrom("email_outbox").selectAll().executeTakeFirstOrThrow();
      expect(row.attempts).toBe(attempt);
      expect(row.last_error).toBe("SMTP is down");
      if (attempt < MAX_EMAIL_ATTEMPTS) {
        expect(result).toEqual({ sent: 0, retried: 1, failed: 0 });
        expect(row.status).toBe("queued");
        const next = new Date(row.next_attempt_at);
        waits.push((next.getTime() - clock.getTime()) / MINUTE);
        clock = next;
      } else {
        expect(result).toEqual({ sent: 0, retried: 0, failed: 1 });
        expect(row.status).toBe("failed");
      }
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    transport.failing = false;
    expect((await drainOutbox(transport, { now: () => at(365 * 24 * 60 * MINUTE) })).sent).toBe(0);
    expect(transport.sent).toEqual([]);
  });

  it("delivers once the transport recovers from an outage", async () => {
    await queueOne();
    const transport = recordingTransport();
    transport.failing = true;
    await drainOutbox(transport, { now: () => T0 });
    transport.failing = false;
    await drainOutbox(transport, { now: () => at(MINUTE) });
    expect(transport.sent).toHaveLength(1);
    const row = await db.selectFrom("email_outbox").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("loses nothing and sends nothing twice when the process dies in the middle of a send", async () => {
    await queueOne("First");
    // The first process claims the message and dies while its SMTP call hangs.
    const dying: MailTransport = { send: () => new Promise<void>(() => {}) };
    void drainOutbox(dying, { now: () => T0 });
    await expect
      .poll(
        async () =>
          (await db.selectFrom("email_outbox").select("attempts").executeTakeFirst())?.attempts,
      )
      .toBe(1);

    // The restarted process finds it claimed: not sent again while the claim's lease lasts.
    const restarted = recordingTransport();
    await drainOutbox(restarted, { now: () => at(EMAIL_CLAIM_LEASE_MS - 1) });
    expect(restarted.sent).toEqual([]);

    // After the lease it is taken again, and sent exactly once.
    await drainOutbox(restarted, { now: () => at(EMAIL_CLAIM_LEASE_MS) });
    await drainOutbox(restarted, { now: () => at(EMAIL_CLAIM_LEASE_MS + MINUTE) });
    expect(restarted.sent.map((m) => m.subject)).toEqual(["First"]);
    const row = await db.selectFrom("email_outbox").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("never sends one message from two passes running at once", async () => {
    for (let i = 0; i < 5; i += 1) await queueOne(`Message ${i}`);
    const sent: string[] = [];
    const slow: MailTransport = {
      async send(message) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(message.subject);
      },
    };
    await Promise.all([
      drainOutbox(slow, { now: () => T0 }),
      drainOutbox(slow, { now: () => T0 }),
      drainOutbox(slow, { now: () => T0 }),
    ]);
    expect(sent.sort()).toEqual(["Message 0", "Message 1", "Message 2", "Message 3", "Message 4"]);
  });

  it("queues a message with a dedupe key only once", async () => {
    const userId = await insertUser(db, { email: "d@example.com" });
    const email = {
      userId,
      to: "d@example.com",
      kind: "monthly_statement" as const,
      preference: "monthlyStatements" as const,
      content: { subject: "S", heading: "S", paragraphs: [] },
      dedupeKey: "monthly_statement:2026-10:1",
    };
    expect(await enqueueEmails(db, [email], T0)).toBe(1);
    expect(await enqueueEmails(db, [email], T0)).toBe(0);
    expect(await db.selectFrom("email_outbox").select("id").execute()).toHaveLength(1);
  });
});
