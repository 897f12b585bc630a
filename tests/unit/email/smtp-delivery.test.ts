import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertUser } from "../../factories";
import { db } from "~/services/db.server";
import { drainOutbox, enqueueEmails } from "~/services/email/outbox.server";
import { createMailTransport } from "~/services/email/transport.server";
import { queueAnnouncement } from "./queued-announcement";

/** A real SMTP server on loopback: what the outbox job delivers, as a mail server receives it. */
const received: Array<{ from: string; to: string[]; raw: string }> = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  await migrateToLatest(db);
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("delivery over SMTP", () => {
  it("delivers plain-text and HTML parts with the RFC 8058 unsubscribe headers", async () => {
    await queueAnnouncement(db, {
      email: "reader@example.com",
      subject: "Double points <this> weekend",
      paragraphs: ["Wager on slots & earn twice the points."],
    });
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "GoatedVIPs <no-reply@goatedvips.test>",
      mailDir: "unused",
    });
    expect(await drainOutbox(transport)).toEqual({ sent: 1, retried: 0, failed: 0 });

    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message?.from).toBe("no-reply@goatedvips.test");
    expect(message?.to).toEqual(["reader@example.com"]);
    const parsed = await simpleParser(message?.raw ?? "");
    expect(parsed.subject).toBe("Double points <this> weekend");
    // The header block, unfolded.
    const head = (message?.raw ?? "").split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, " ") ?? "";
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const unsubscribeHeader = head.match(/^List-Unsubscribe: <([^>]+)>$/m)?.[1];
    expect(unsubscribeHeader).toMatch(/^http:\/\/localhost:\d+\/unsubscribe\?token=[\w%.-]+$/);
    expect(parsed.messageId).toMatch(/^<outbox-\d+@goatedvips\.test>$/);
    // Both parts, the same words, the HTML escaped and carrying the visible unsubscribe link.
    expect(parsed.text).toContain("Wager on slots & earn twice the points.");
    expect(parsed.text).toContain(`Unsubscribe: ${unsubscribeHeader}`);
    expect(parsed.html).toContain("Double points &lt;this&gt; weekend");
    expect(parsed.html).toContain("Wager on slots &amp; earn twice the points.");
    expect(parsed.html).toContain(`href="${unsubscribeHeader?.replaceAll("&", "&amp;")}"`);
    expect(parsed.html).not.toContain("<img");
  });

  it("keeps a message queued for a retry when the SMTP server is unreachable", async () => {
    await db.deleteFrom("email_outbox").execute();
    const userId = await insertUser(db, { email: "later@example.com" });
    await enqueueEmails(db, [
      {
        userId,
        to: "later@example.com",
        kind: "email_verification",
        preference: null,
        content: { subject: "Confirm", heading: "Confirm", paragraphs: [] },
      },
    ]);
    const closed = createMailTransport({
      smtpUrl: "smtp://127.0.0.1:1",
      from: "GoatedVIPs <no-reply@goatedvips.test>",
      mailDir: "unused",
    });
    expect(await drainOutbox(closed)).toEqual({ sent: 0, retried: 1, failed: 0 });
    const row = await db.selectFrom("email_outbox").selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe("queued");
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
  });
});
