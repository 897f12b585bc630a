import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { MailTransport, OutboxMessage } from "./outbox.server";

/**
 * Delivery through nodemailer: over SMTP with SMTP_URL, else written as .eml files into `mailDir`
 * (nodemailer's stream transport), so a fresh `npm start` shows what would be sent.
 */
export function createMailTransport({
  smtpUrl,
  from,
  mailDir,
}: {
  smtpUrl?: string;
  from: string;
  mailDir: string;
}): MailTransport & { describe: string } {
  if (smtpUrl) {
    const smtp = nodemailer.createTransport(smtpUrl);
    return {
      describe: `SMTP ${new URL(smtpUrl).host}`,
      async send(message) {
        await smtp.sendMail(mailOptions(message, from));
      },
    };
  }
  const stream = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    describe: `files in ${mailDir}`,
    async send(message) {
      const info = await stream.sendMail(mailOptions(message, from));
      await mkdir(mailDir, { recursive: true });
      // Named by the outbox id: a retried message overwrites its own file rather than adding one.
      await writeFile(
        path.join(mailDir, `${String(message.id).padStart(6, "0")}.eml`),
        info.message as Buffer,
      );
    },
  };
}

function mailOptions(message: OutboxMessage, from: string) {
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? "goatedvips.local";
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    // The same Message-ID on every attempt, so a receiver can drop a copy a crash made us resend.
    messageId: `<outbox-${message.id}@${domain}>`,
    // RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` to the URL.
    ...(message.unsubscribeUrl && {
      headers: {
        "List-Unsubscribe": `<${message.unsubscribeUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    }),
  };
}
