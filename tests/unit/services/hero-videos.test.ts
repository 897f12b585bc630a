// An admin sets, changes and removes a hero's video (issue 18): each change audited in the same
// transaction, a repeat of the same value changes nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertUser, uniqueName } from "../../factories";
import { db } from "~/services/db.server";
import {
  heroVideoUrl,
  listHeroVideos,
  saveHeroVideo,
} from "~/services/promotions/hero-videos.server";

let admin = { userId: 0, username: "" };

beforeAll(async () => {
  await migrateToLatest(db);
  const username = uniqueName("bannerBoss");
  admin = { userId: await insertUser(db, { username, is_admin: 1 }), username };
});

const auditRows = () =>
  db
    .selectFrom("audit_log")
    .select(["kind", "before_json", "after_json", "actor_username"])
    .where("subject", "=", "hero_banner:promotions")
    .orderBy("id")
    .execute();

describe("hero videos", () => {
  it("sets, changes and removes a banner's video, with an audit row for each change", async () => {
    expect(await heroVideoUrl("promotions")).toBeNull();
    const first = "https://cdn.example.com/promo.mp4";
    const second = "https://cdn.example.com/promo-2.mp4";
    expect(await saveHeroVideo(admin, "promotions", first)).toBe(true);
    expect(await saveHeroVideo(admin, "promotions", first)).toBe(false);
    expect(await saveHeroVideo(admin, "promotions", second)).toBe(true);
    expect(await heroVideoUrl("promotions")).toBe(second);
    expect(await listHeroVideos()).toEqual(
      expect.arrayContaining([{ banner: "promotions", videoUrl: second }]),
    );
    expect(await saveHeroVideo(admin, "promotions", null)).toBe(true);
    expect(await heroVideoUrl("promotions")).toBeNull();
    expect(await auditRows()).toEqual([
      {
        kind: "hero_video.saved",
        before_json: null,
        after_json: JSON.stringify({ videoUrl: first }),
        actor_username: admin.username,
      },
      {
        kind: "hero_video.saved",
        before_json: JSON.stringify({ videoUrl: first }),
        after_json: JSON.stringify({ videoUrl: second }),
        actor_username: admin.username,
      },
      {
        kind: "hero_video.removed",
        before_json: JSON.stringify({ videoUrl: second }),
        after_json: null,
        actor_username: admin.username,
      },
    ]);
  });
});
