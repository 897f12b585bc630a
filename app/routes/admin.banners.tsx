import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPageHeader, AdminPanelLink } from "~/components/admin/AdminPageHeader";
import { SubmitButton, TextField } from "~/components/ui/form";
import { HERO_CONTENT, HERO_VIDEO_MESSAGES } from "~/domain/hero-banners";
import { heroVideoSchema } from "~/domain/hero-video-form";
import type { HeroBanner } from "~/domain/hero-banners";
import { readForm } from "~/http/form-body.server";
import { createToastHeaders, redirectWithToast } from "~/http/toast.server";
import { requireAdmin } from "~/services/auth/auth.server";
import { listHeroVideos, saveHeroVideo } from "~/services/promotions/hero-videos.server";

export const meta: MetaFunction = () => [
  { title: "Page Banners | Admin | GoatedVIPs" },
  {
    name: "description",
    content: "Set the video behind the heroes of the home, promotions and bonus code pages.",
  },
];

const PAGE = "/admin/banners";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { banners: await listHeroVideos() };
}

/** A refused save: which banner's form, the URL as typed, and why. */
interface BannerReply {
  banner: string | null;
  videoUrl: string;
  message: string;
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: heroVideoSchema });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const message = errors.videoUrl?.[0] ?? errors.banner?.[0] ?? HERO_VIDEO_MESSAGES.unknownBanner;
    const banner = form.get("banner");
    const videoUrl = form.get("videoUrl");
    const reply: BannerReply = {
      banner: typeof banner === "string" ? banner : null,
      videoUrl: typeof videoUrl === "string" ? videoUrl : "",
      message,
    };
    const headers = await createToastHeaders({
      title: "Banner video not saved",
      description: message,
      type: "destructive",
    });
    return data(reply, { status: 400, headers });
  }
  const { banner, videoUrl } = submission.value;
  await saveHeroVideo(admin, banner, videoUrl);
  return redirectWithToast(PAGE, {
    title: videoUrl === null ? HERO_VIDEO_MESSAGES.removed : HERO_VIDEO_MESSAGES.saved,
    description: HERO_CONTENT[banner].page,
    type: "success",
  });
}

function BannerForm({
  banner,
  videoUrl,
  refusal,
}: {
  banner: HeroBanner;
  videoUrl: string | null;
  refusal: BannerReply | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("banner") === banner;
  const content = HERO_CONTENT[banner];
  const headingId = `banner-${banner}-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-accent bg-card p-5">
      <h2 id={headingId} className="font-display text-xl font-bold uppercase">
        {content.page}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {content.headline}: {videoUrl ? "plays the video below" : "the designed poster, no video"}
      </p>
      {/* The key resets the field to the saved value after a save's redirect. */}
      <Form method="post" className="mt-4 space-y-3" key={videoUrl ?? ""}>
        <input type="hidden" name="banner" value={banner} />
        <TextField
          id={`video-url-${banner}`}
          name="videoUrl"
          type="text"
          inputMode="url"
          label="Video URL (https)"
          placeholder="https://cdn.example.com/banner.mp4"
          defaultValue={refusal ? refusal.videoUrl : (videoUrl ?? "")}
          errors={refusal ? [refusal.message] : undefined}
          hint="Muted and looping behind the words, only on a fast connection and without reduced motion. Leave empty to show the poster only."
        />
        <SubmitButton busy={busy} busyLabel="Saving...">
          Save
        </SubmitButton>
      </Form>
    </section>
  );
}

/** `/admin/banners`: the video URL of each page's hero (docs/product.md §A2 "Page banners"). */
export default function AdminBanners() {
  const { banners } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <AdminPageHeader title="Page Banners">
        <AdminPanelLink />
      </AdminPageHeader>
      <p className="mt-3 max-w-2xl text-sm text-muted">
        Each hero is a designed poster. With a video URL, browsers on a fast connection play the
        video behind it after the page has loaded.
      </p>
      <div className="mt-8 space-y-6">
        {banners.map(({ banner, videoUrl }) => (
          <BannerForm
            key={banner}
            banner={banner}
            videoUrl={videoUrl}
            refusal={reply?.banner === banner ? reply : null}
          />
        ))}
      </div>
    </div>
  );
}
