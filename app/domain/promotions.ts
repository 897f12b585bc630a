import { parseChoice } from "./choice";
import { formatCalendarDate } from "./time";

/**
 * Promotions (docs/product.md §A3, §A4): a promotion is ended when, and only when, its title
 * carries the [ENDED] marker; the list filters by category and shows ended ones last.
 */
export const PROMOTION_CATEGORIES = ["all", "casino", "sports", "vip"] as const;
export type PromotionFilter = (typeof PROMOTION_CATEGORIES)[number];
export type PromotionCategory = Exclude<PromotionFilter, "all">;

export const PROMOTION_CATEGORY_LABELS: Record<PromotionFilter, string> = {
  all: "All Promotions",
  casino: "Casino",
  sports: "Sports",
  vip: "VIP",
};

export interface Promotion {
  id: string;
  title: string;
  description: string;
  imageUrl: string;
  category: PromotionCategory;
  /** An ISO date (YYYY-MM-DD) or 'Ongoing'. */
  validUntil: string;
  isNew: boolean;
  details: readonly string[];
  link: string;
}

export interface PromotionCard extends Promotion {
  displayTitle: string;
  ended: boolean;
}

const ENDED_MARKER = /\[ENDED\]/i;

/** The category filter from the query; null when it names no category (the page answers 400). */
export function parsePromotionFilter(value: string | null): PromotionFilter | null {
  return parseChoice(PROMOTION_CATEGORIES, value, "all");
}

/** The cards for a filter: only that category (all for 'all'), live first, ended after. */
export function promotionCards(
  promotions: readonly Promotion[],
  filter: PromotionFilter,
): PromotionCard[] {
  const cards = promotions
    .filter((promotion) => filter === "all" || promotion.category === filter)
    .map((promotion) => ({
      ...promotion,
      ended: ENDED_MARKER.test(promotion.title),
      displayTitle: promotion.title.replace(ENDED_MARKER, "").replace(/\s+/g, " ").trim(),
    }));
  // Array.prototype.sort is stable: within live and within ended the authored order stays.
  return cards.sort((a, b) => Number(a.ended) - Number(b.ended));
}

/** 'No Expiry Date' for ongoing promotions, else 'Valid until {date}'. */
export function promotionValidity(validUntil: string): string {
  if (validUntil === "Ongoing") return "No Expiry Date";
  return `Valid until ${formatCalendarDate(validUntil) ?? validUntil}`;
}
