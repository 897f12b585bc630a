import { parseChoice } from "./choice";

/** Strategies (docs/product.md §A2, §A3): searched and filtered by a GET form. */
export const STRATEGY_CATEGORIES = [
  "all",
  "fundamentals",
  "advanced",
  "experience",
  "education",
] as const;
export type StrategyFilter = (typeof STRATEGY_CATEGORIES)[number];
export type StrategyCategory = Exclude<StrategyFilter, "all">;

export interface Strategy {
  id: string;
  title: string;
  author: string;
  category: StrategyCategory;
  description: string;
  votes: number;
  isPinned: boolean;
}

export function parseStrategyFilter(value: string | null): StrategyFilter | null {
  return parseChoice(STRATEGY_CATEGORIES, value, "all");
}

/** Strategies in the category whose title, description or author contains the search, any case. */
export function filterStrategies(
  strategies: readonly Strategy[],
  { search, category }: { search: string; category: StrategyFilter },
): Strategy[] {
  const needle = search.trim().toLowerCase();
  return strategies.filter(
    (strategy) =>
      (category === "all" || strategy.category === category) &&
      (needle === "" ||
        [strategy.title, strategy.description, strategy.author].some((text) =>
          text.toLowerCase().includes(needle),
        )),
  );
}
