import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertUser, uniqueName } from "../../factories";
import { db } from "~/services/db.server";
import { drainOutbox } from "~/services/email/outbox.server";
import type { OutboxMessage } from "~/services/email/outbox.server";
import {
  listBroadcasts,
  sendBroadcast,
} from "~/services/notifications/notification-broadcasts.server";
import { savePreferences } from "~/services/notifications/preferences.server";

const NOW = new Date("2026-11-20T10:00:00.000Z");

beforeAll(async () => {
  await migrateToLatest(db);
});

describe("an admin broadcast by e-mail", () => {
  it("e-mails users with promotional offers on and a confirmed address, and counts what was sent", async () => {
    const username = uniqueName("boss");
    const admin = { userId: await insertUser(db, { username, is_admin: 1 }), username };
    const prefs = {
      wagerRaceUpdates: true,
      vipStatusChanges: true,
      promotionalOffers: true,
      monthlyStatements: false,
    };
    const fan = await insertUser(db, {
      email: "fan@example.com",
      email_verified_at: NOW.toISOString(),
    });
    const unconfirmed = await insertUser(db, { email: "new@example.com" });
    await savePreferences(fan, prefs, NOW);
    await savePreferences(unconfirmed, prefs, NOW);
    await db.deleteFrom("email_outbox").execute(); // the unconfirmed user's confirmation link

    const outcome = await sendBroadcast(
      { title: "Double points", message: "This weekend only.", audience: "promotional" },
      admin,
      NOW,
    );
    expect(outcome).toMatchObject({ sent: { delivered: 2, emailed: 0 } });
    const sent: OutboxMessage[] = [];
    await drainOutbox({ send: async (m) => void sent.push(m) }, { now: () => NOW });
    expect(sent.map((m) => [m.to, m.subject])).toEqual([["fan@example.com", "Double points"]]);
    const { broadcasts } = await listBroadcasts(null);
    expect(broadcasts[0]).toMatchObject({ title: "Double points", delivered: 2, emailed: 1 });
  });
});
