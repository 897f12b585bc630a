import { z } from "zod";
import {
  HERO_BANNERS,
  HERO_VIDEO_MESSAGES,
  VIDEO_URL_MAX_LENGTH,
  parseVideoUrl,
} from "./hero-banners";

// Apart from app/domain/hero-banners.ts, which every hero imports: zod stays out of the public
// pages' scripts and only the admin form loads it.

/** The admin form: which banner, and its video URL (empty removes the video). */
export const heroVideoSchema = z.object({
  banner: z.enum(HERO_BANNERS, { message: HERO_VIDEO_MESSAGES.unknownBanner }),
  videoUrl: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const raw = value ?? "";
      if (raw.trim().length > VIDEO_URL_MAX_LENGTH) {
        ctx.addIssue({ code: "custom", message: HERO_VIDEO_MESSAGES.tooLong });
        return z.NEVER;
      }
      const url = parseVideoUrl(raw);
      if (url === undefined) {
        ctx.addIssue({ code: "custom", message: HERO_VIDEO_MESSAGES.notHttps });
        return z.NEVER;
      }
      return url;
    }),
});
export type HeroVideoInput = z.infer<typeof heroVideoSchema>;
