import { describe, expect, it } from "vitest";
import { PROMOTIONS, WEEKLY_RACE_PRIZES } from "~/content/promotions";
import { parsePromotionFilter, promotionCards, promotionValidity } from "~/domain/promotions";
import type { Promotion } from "~/domain/promotions";

const base: Omit<Promotion, "id" | "title" | "category"> = {
  description: "",
  imageUrl: "/x.svg",
  validUntil: "Ongoing",
  isNew: false,
  details: [],
  link: "https://example.com",
};
const sample: Promotion[] = [
  { ...base, id: "a", title: "[ENDED] Old casino", category: "casino" },
  { ...base, id: "b", title: "Casino live", category: "casino" },
  { ...base, id: "c", title: "VIP live", category: "vip" },
  { ...base, id: "d", title: "Casino second", category: "casino" },
];

describe("promotionCards", () => {
  it("keeps every promotion for 'all', live first in authored order, ended last", () => {
    const cards = promotionCards(sample, "all");
    expect(cards.map((card) => card.id)).toEqual(["b", "c", "d", "a"]);
    expect(cards.map((card) => card.ended)).toEqual([false, false, false, true]);
  });

  it("filters by category", () => {
    expect(promotionCards(sample, "vip").map((card) => card.id)).toEqual(["c"]);
    expect(promotionCards(sample, "casino").map((card) => card.id)).toEqual(["b", "d", "a"]);
    expect(promotionCards(sample, "sports")).toEqual([]);
  });

  it("decides ended only by the [ENDED] marker, which the title shown drops", () => {
    const [ended] = promotionCards([sample[0]!], "all");
    expect(ended).toMatchObject({ ended: true, displayTitle: "Old casino" });
  });

  it("the built-in list: four promotions, lunar challenges ended and last", () => {
    const cards = promotionCards(PROMOTIONS, "all");
    expect(cards).toHaveLength(4);
    expect(cards.at(-1)).toMatchObject({ id: "lunar-challenges", ended: true });
    expect(cards.filter((card) => card.ended)).toHaveLength(1);
    expect(WEEKLY_RACE_PRIZES).toEqual([5000, 2500, 1000, 500, 350, 250, 150, 125, 75, 50]);
  });
});

describe("parsePromotionFilter", () => {
  it("reads the four categories, any case, defaulting to all", () => {
    expect(parsePromotionFilter(null)).toBe("all");
    expect(parsePromotionFilter("")).toBe("all");
    expect(parsePromotionFilter("VIP")).toBe("vip");
    expect(parsePromotionFilter("sports")).toBe("sports");
    expect(parsePromotionFilter("poker")).toBeNull();
  });
});

describe("promotionValidity", () => {
  it("says 'No Expiry Date' for ongoing and the date otherwise", () => {
    expect(promotionValidity("Ongoing")).toBe("No Expiry Date");
    expect(promotionValidity("2025-02-12")).toBe("Valid until February 12, 2025");
  });
});
