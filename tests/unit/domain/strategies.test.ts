import { describe, expect, it } from "vitest";
import { STRATEGIES } from "~/content/strategies";
import { filterStrategies, parseStrategyFilter } from "~/domain/strategies";

const ids = (search: string, category: Parameters<typeof filterStrategies>[1]["category"]) =>
  filterStrategies(STRATEGIES, { search, category }).map((strategy) => strategy.id);

describe("filterStrategies", () => {
  it("returns everything for an empty search in all categories", () => {
    expect(ids("  ", "all")).toHaveLength(STRATEGIES.length);
  });

  it("searches title, description and author, any case", () => {
    expect(ids("LIMBO", "all")).toEqual(["limbo-targets"]);
    expect(ids("calmgoat", "all")).toEqual(["tilt"]);
    expect(ids("bankroll", "all")).toEqual(["bankroll-units"]);
  });

  it("filters by category, and by both", () => {
    expect(ids("", "advanced")).toEqual(["race-pacing", "limbo-targets"]);
    expect(ids("race", "advanced")).toEqual(["race-pacing"]);
    expect(ids("limbo", "fundamentals")).toEqual([]);
  });
});

describe("parseStrategyFilter", () => {
  it("accepts the five categories and rejects others", () => {
    expect(parseStrategyFilter(null)).toBe("all");
    expect(parseStrategyFilter("Education")).toBe("education");
    expect(parseStrategyFilter("cheats")).toBeNull();
  });
});
