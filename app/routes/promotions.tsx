import { data } from "@remix-run/node";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { FormErrors, SelectField } from "~/components/ui/form";
import { CARD, PAGE, PageHeader } from "~/components/content/PageHeader";
import { PageHero } from "~/components/content/PageHero";
import { PromotionImage } from "~/components/content/PromotionImage";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";
import { PROMOTIONS, PROMOTIONS_INTRO } from "~/content/promotions";
import {
  PROMOTION_CATEGORIES,
  PROMOTION_CATEGORY_LABELS,
  parsePromotionFilter,
  promotionCards,
  promotionValidity,
} from "~/domain/promotions";
import type { PromotionCard } from "~/domain/promotions";
import { pageMeta } from "~/lib/meta";
import { heroVideoUrl } from "~/services/promotions/hero-videos.server";
import { CallToAction } from "~/components/ui/CallToAction";

export const meta: MetaFunction = () =>
  pageMeta(
    "Promotions",
    "Goated promotions for the GoatedVIPs community: the weekly race, drops and wins, slot challenges and VIP extras.",
  );

export const UNKNOWN_CATEGORY_MESSAGE =
  "Unknown category: choose All Promotions, Casino, Sports or VIP.";

export async function loader({ request }: LoaderFunctionArgs) {
  const filter = parsePromotionFilter(new URL(request.url).searchParams.get("category"));
  const video = await heroVideoUrl("promotions");
  if (filter === null) {
    return data(
      {
        filter: "all" as const,
        cards: promotionCards(PROMOTIONS, "all"),
        video,
        error: UNKNOWN_CATEGORY_MESSAGE,
      },
      { status: 400 },
    );
  }
  return data({ filter, cards: promotionCards(PROMOTIONS, filter), video, error: null });
}

function Card({ promotion }: { promotion: PromotionCard }) {
  return (
    <article
      className={`${CARD} flex flex-col overflow-hidden p-0 ${promotion.ended ? "grayscale" : ""}`}
      data-testid="promotion-card"
      data-ended={promotion.ended}
    >
      <div className="relative">
        <PromotionImage
          src={promotion.imageUrl}
          alt={promotion.displayTitle}
          className={`aspect-video w-full object-cover ${promotion.ended ? "opacity-50" : ""}`}
        />
        <div className="absolute left-3 top-3 flex gap-2">
          {promotion.ended ? (
            <span className="rounded-full bg-page px-2 py-1 text-xs font-bold text-white">
              ENDED
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 rounded-full bg-page px-2 py-1 text-xs font-bold text-white">
              <span
                className="h-2 w-2 rounded-full bg-red-500 motion-safe:animate-pulse-few"
                aria-hidden="true"
              />
              LIVE
            </span>
          )}
          {promotion.isNew ? (
            <span className="rounded-full bg-primary px-2 py-1 text-xs font-bold text-primary-foreground">
              NEW
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h2 className="font-display text-xl font-bold uppercase">{promotion.displayTitle}</h2>
        <p className="mt-2 text-sm text-muted">{promotion.description}</p>
        <ul className="mt-3 space-y-1 text-sm">
          {promotion.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-xs">
          <span className="text-muted">{promotionValidity(promotion.validUntil)}</span>
          <span className="rounded-full border border-accent px-2 py-1 font-bold uppercase">
            {PROMOTION_CATEGORY_LABELS[promotion.category]}
          </span>
        </div>
        <CallToAction to={promotion.link} className="mt-4 px-4 py-2">
          View Promotion
        </CallToAction>
      </div>
    </article>
  );
}

export default function Promotions() {
  const { filter, cards, video, error } = useLoaderData<typeof loader>();
  return (
    <div className={PAGE}>
      <PageHeader title="Promotions" intro={PROMOTIONS_INTRO} backToHome />
      <PageHero banner="promotions" videoUrl={video} className="mb-8" />

      <Form
        method="get"
        className="mb-6 flex flex-wrap items-end gap-3"
        aria-label="Filter promotions"
      >
        <SelectField
          name="category"
          label="Category"
          value={filter}
          choices={PROMOTION_CATEGORIES}
          labels={PROMOTION_CATEGORY_LABELS}
        />
        <button type="submit" className={`${SECONDARY_BUTTON} px-4 py-2`}>
          Filter
        </button>
        <FormErrors errors={error ? [error] : []} />
      </Form>

      {cards.length === 0 ? (
        <p
          className="rounded-xl border border-accent bg-card p-8 text-center text-muted"
          data-testid="promotions-empty"
        >
          No promotions found for the selected category.
        </p>
      ) : (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((promotion) => (
            <Card key={promotion.id} promotion={promotion} />
          ))}
        </div>
      )}

      <aside
        aria-labelledby="never-miss"
        className="mt-10 flex flex-col items-start gap-4 rounded-xl border border-primary/40 bg-card p-6 sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="never-miss" className="font-display text-2xl font-bold uppercase text-primary">
            Never Miss a Promotion
          </h2>
          <p className="mt-1 text-sm text-muted">
            New promotions and codes are announced first in our Telegram group.
          </p>
        </div>
        <CallToAction to="/telegram" className="px-5 py-3">
          Join Our Telegram
        </CallToAction>
      </aside>
    </div>
  );
}
