import type { HeroBanner } from "~/domain/hero-banners";
import { HERO_BANNERS } from "~/domain/hero-banners";
import { auditSubject } from "~/domain/audit";
import type { AuditActor } from "~/services/admin/audit.server";
import { recordAudit } from "~/services/admin/audit.server";
import { db } from "~/services/db.server";

/** The video URL an admin set for a hero, or null: then the designed poster is the hero. */
export async function heroVideoUrl(banner: HeroBanner): Promise<string | null> {
  const row = await db
    .selectFrom("hero_videos")
    .select("video_url")
    .where("banner", "=", banner)
    .executeTakeFirst();
  return row?.video_url ?? null;
}

/** Every banner with its video URL (null for none), in the admin page's order. */
export async function listHeroVideos(): Promise<{ banner: HeroBanner; videoUrl: string | null }[]> {
  const rows = await db.selectFrom("hero_videos").select(["banner", "video_url"]).execute();
  const byBanner = new Map(rows.map((row) => [row.banner, row.video_url]));
  return HERO_BANNERS.map((banner) => ({ banner, videoUrl: byBanner.get(banner) ?? null }));
}

/**
 * Sets (or, with null, removes) a banner's video, and records the change in the audit log in the
 * same transaction. Answers whether anything changed.
 */
export async function saveHeroVideo(
  actor: AuditActor,
  banner: HeroBanner,
  videoUrl: string | null,
  now: Date = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before =
      (
        await trx
          .selectFrom("hero_videos")
          .select("video_url")
          .where("banner", "=", banner)
          .executeTakeFirst()
      )?.video_url ?? null;
    if (before === videoUrl) return false;
    if (videoUrl === null) {
      await trx.deleteFrom("hero_videos").where("banner", "=", banner).execute();
    } else {
      const values = {
        video_url: videoUrl,
        updated_at: now.toISOString(),
        updated_by: actor.userId,
      };
      await trx
        .insertInto("hero_videos")
        .values({ banner, ...values })
        .onConflict((oc) => oc.column("banner").doUpdateSet(values))
        .execute();
    }
    await recordAudit(
      trx,
      {
        actor,
        kind: videoUrl === null ? "hero_video.removed" : "hero_video.saved",
        subject: auditSubject("hero_banner", banner),
        before: before === null ? null : { videoUrl: before },
        after: videoUrl === null ? null : { videoUrl },
      },
      now,
    );
    return true;
  });
}
