import { sql } from "kysely";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertUser, uniqueName } from "../../factories";
import { maskPlayerName } from "~/domain/player-names";
import type { Referral } from "~/domain/referral";
import { db } from "~/services/db.server";
import {
  maskedNameSql,
  playerNamePolicy,
  setShowPlayerName,
  siteSettings,
  updateSiteSettings,
} from "~/services/players/player-names.server";
import {
  leaderboardPage,
  periodEntries,
  playerStanding,
} from "~/services/players/player-queries.server";
import { storeReferrals } from "~/services/players/player-store.server";

// Privacy by choice (issue 34 item 3, docs/decisions/0081): the setting, a member's choice, the
// names the leaderboard hands out and what its search matches.

const now = new Date("2026-11-27T12:00:00.000Z");
const NAMES = ["LuckyDuck", "ShownPlayer", "Bob", "Lucky", "Ωmega_Σigma", "Luca", "LumberJack"];
let admin = { userId: 0, username: "" };
let shownUser = 0;

const referral = (name: string, i: number): Referral => ({
  uid: `pn${i}`,
  name,
  wagered: { today: 100 - i, this_week: 100 - i, this_month: 100 - i, all_time: 1000 - i },
});

beforeAll(async () => {
  await migrateToLatest(db);
  await storeReferrals(NAMES.map(referral), { now, isDemo: false, sliceMs: 0 });
  const username = uniqueName("settings_admin");
  admin = { userId: await insertUser(db, { username, is_admin: 1 }), username };
  shownUser = await insertUser(db, { username: uniqueName("shown"), goated_id: "pn1" });
  await setShowPlayerName(shownUser, true);
});

beforeEach(async () => {
  await updateSiteSettings(admin, { maskPlayerNames: true }, now);
});

const names = async (search = "") =>
  (await leaderboardPage({ period: "all_time", search, pageSize: 50 })).players.map((p) => p.name);

describe("the masking setting", () => {
  it("is off on a new site, and an admin's change is audited with before and after", async () => {
    await updateSiteSettings(admin, { maskPlayerNames: false }, now);
    expect(await siteSettings()).toEqual({ maskPlayerNames: false });
    await updateSiteSettings(admin, { maskPlayerNames: true }, now);
    expect(await siteSettings()).toEqual({ maskPlayerNames: true });
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("kind", "=", "settings.updated")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_id: admin.userId,
      subject: "settings:site",
      before_json: JSON.stringify({ maskPlayerNames: false }),
      after_json: JSON.stringify({ maskPlayerNames: true }),
    });
  });

  it("masks every name on the leaderboard but the player who chose to show theirs", async () => {
    expect(await names()).toEqual([
      "Lu****ck",
      "ShownPlayer",
      "B****",
      "L****y",
      "Ωm****ma",
      "L****",
      "Lu****ck",
    ]);
    expect((await periodEntries("all_time", null)).map((row) => row.name)).toContain("L****y");
    expect((await playerStanding("pn0"))?.name).toBe("Lu****ck");
    await updateSiteSettings(admin, { maskPlayerNames: false }, now);
    expect(await names()).toEqual(NAMES);
    expect((await playerStanding("pn0"))?.name).toBe("LuckyDuck");
  });

  it("lets a member take their choice back: their player is masked again", async () => {
    await setShowPlayerName(shownUser, false);
    expect(await names()).toContain("Sh****er");
    await setShowPlayerName(shownUser, true);
    expect(await names()).toContain("ShownPlayer");
  });
});

describe("the search while names are masked", () => {
  it("never finds a masked player by their real name, nor by a part the mask hides", async () => {
    expect(await names("LuckyDuck")).toEqual([]);
    expect(await names("uckyD")).toEqual([]);
    expect(await names("Bob")).toEqual([]);
    expect(await names("ega_Σ")).toEqual([]);
  });

  it("finds them by their mask, or a part of it", async () => {
    expect(await names("Lu****ck")).toEqual(["Lu****ck", "Lu****ck"]);
    expect(await names("u****c")).toEqual(["Lu****ck", "Lu****ck"]);
    expect(await names("ck")).toEqual(["Lu****ck", "Lu****ck"]);
    expect(await names("****")).toHaveLength(NAMES.length - 1);
    expect(await names("B*")).toEqual(["B****"]);
  });

  it("finds a player who chose to show their name by that name", async () => {
    expect(await names("ShownPlayer")).toEqual(["ShownPlayer"]);
    expect(await names("ownPla")).toEqual(["ShownPlayer"]);
    expect(await names("Sh****er")).toEqual([]);
  });

  it("counts only what it matches", async () => {
    const page = await leaderboardPage({ period: "all_time", search: "Luck" });
    expect(page.totalPlayers).toBe(0);
  });
});

describe("the database's mask", () => {
  it("is maskPlayerName's, character for character", async () => {
    const samples = [
      "",
      "a",
      "ab",
      "abcd",
      "abcde",
      "abcdefg",
      "abcdefgh",
      "Ωmega_Σigma",
      "ÄBCgoat",
    ];
    for (const name of samples) {
      const { rows } = await sql<{ mask: string }>`SELECT ${maskedNameSql("name")} AS mask
        FROM (SELECT ${name} AS name) AS sample`.execute(db);
      expect(rows[0]?.mask, name).toBe(maskPlayerName(name));
    }
  });
});

describe("the policy", () => {
  it("is read once per change, not per request", async () => {
    const first = playerNamePolicy();
    expect(playerNamePolicy()).toBe(first);
    await setShowPlayerName(shownUser, true);
    expect(playerNamePolicy()).not.toBe(first);
  });
});
