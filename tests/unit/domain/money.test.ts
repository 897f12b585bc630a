import { describe, expect, it } from "vitest";
import {
  formatAbbreviatedUsd,
  formatCents,
  formatCount,
  formatUsd,
  formatWholeUsd,
  parseDollarAmount,
  roundToCents,
  toCents,
} from "~/domain/money";

describe("money formatting", () => {
  it("writes dollars with separators and 2 decimals", () => {
    expect(formatUsd(1234567.891)).toBe("$1,234,567.89");
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(Number.NaN)).toBe("$0.00");
  });

  it("writes whole dollars and counts with separators", () => {
    expect(formatWholeUsd(30000)).toBe("$30,000");
    expect(formatCount(2048)).toBe("2,048");
  });

  it("abbreviates at 1e3, 1e6 and 1e9", () => {
    expect(formatAbbreviatedUsd(999.5)).toBe("$999.50");
    expect(formatAbbreviatedUsd(1000)).toBe("$1K");
    expect(formatAbbreviatedUsd(12_345)).toBe("$12.35K");
    expect(formatAbbreviatedUsd(4_500_000)).toBe("$4.5M");
    expect(formatAbbreviatedUsd(2_000_000_000)).toBe("$2B");
    expect(formatAbbreviatedUsd(-1500)).toBe("-$1.5K");
  });

  it("converts to cents and back without float drift", () => {
    expect(toCents(212.5)).toBe(21250);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(formatCents(21250)).toBe("$212.50");
  });
});

describe("roundToCents", () => {
  it("rounds the provider's float noise to cents, half away from zero", () => {
    expect(roundToCents(233846.91999999993)).toBe(233846.92);
    expect(roundToCents(233846.7899999991)).toBe(233846.79);
    expect(roundToCents(0.005)).toBe(0.01);
    expect(roundToCents(-0.125)).toBe(-0.13);
    expect(roundToCents(Number.NaN)).toBe(0);
  });
});

describe("parseDollarAmount", () => {
  it.each([
    ["10000", 10_000],
    ["1,000,000", 1_000_000],
    ["$100,000", 100_000],
    [" $ 2,500.50 ", 2500.5],
    ["0.5", 0.5],
  ])("reads %j as %d", (text, dollars) => {
    expect(parseDollarAmount(text)).toBe(dollars);
  });

  it.each(["", "lots", "1,00", "1,0000", ",100", "1e6", "$-5", "$", "100$", "1.2.3", "0x10"])(
    "refuses %j",
    (text) => {
      expect(parseDollarAmount(text)).toBeNull();
    },
  );
});
