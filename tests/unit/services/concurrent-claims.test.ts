// The race completion and the outbox's claims stay exactly-once when two passes run at once (two
// processes on PostgreSQL: here two pool connections; on SQLite the write turn): each is a
// guarded UPDATE (status / lease) that the second writer re-checks after the first commits.
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertRace } from "../../factories";
import { queueAnnouncement } from "../email/queued-announcement";
import { db } from "~/services/db.server";
import { drainOutbox } from "~/services/email/outbox.server";
import type { OutboxMessage } from "~/services/email/outbox.server";
import { completeRace } from "~/services/races/race-results.server";

const T0 = new Date("2026-11-23T12:00:00.000Z");

beforeAll(async () => {
  await migrateToLatest(db);
});

describe("two passes at once", () => {
  it("send each queued e-mail exactly once", async () => {
    for (let i = 0; i < 20; i += 1) {
      await queueAnnouncement(db, { subject: `Message ${i}`, heading: "Hi", at: T0 });
    }
    const sent: string[] = [];
    // Each send lets the other pass run, so both try to claim the same messages.
    const transport = {
      async send(message: OutboxMessage) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        sent.push(message.subject);
      },
    };
    const [first, second] = await Promise.all([
      drainOutbox(transport, { now: () => T0 }),
      drainOutbox(transport, { now: () => T0 }),
    ]);
    expect(first.sent + second.sent).toBe(20);
    expect(sent.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `Message ${i}`).sort());
  });

  it("complete a race exactly once", async () => {
    const id = await insertRace(db, {
      status: "live",
      start_date: "2026-11-01T00:00:00.000Z",
      end_date: "2026-11-20T00:00:00.000Z",
    });
    const completions = await Promise.all([completeRace(id, T0), completeRace(id, T0)]);
    expect(completions.filter((completion) => completion !== null)).toHaveLength(1);
    const race = await db
      .selectFrom("races")
      .select(["status", "completed_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(race).toEqual({ status: "completed", completed_at: T0.toISOString() });
  });
});
