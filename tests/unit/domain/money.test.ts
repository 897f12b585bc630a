import { describe, expect, it, vi } from "vitest";
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

// The formatters write Intl's "en-US" output without Intl (docs/decisions/0043): a browser's first
// Intl formatter loads its locale data while the page's scripts are evaluated.
describe("money formatting without Intl", () => {
  const intlUsd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  const intlWholeUsd = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  });
  const intlCount = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
  const intlUpToTwo = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

  // Halves at every digit, binary near-halves (1.005 is 1.00499... in binary; Intl rounds its
  // shortest form "1.005" up), carries into a new digit, tiny and huge magnitudes, zeros.
  const edges = [
    0,
    -0,
    0.005,
    0.015,
    1.005,
    2.675,
    1.4999999999999998,
    0.5,
    1.5,
    2.5,
    -0.5,
    -0.004,
    -0.005,
    9.995,
    99.995,
    999.995,
    999_999.995,
    999.5,
    9_999_999.5,
    1234567.891,
    233846.91999999993,
    5e-7,
    -5e-7,
    1e-10,
    123e-20,
    1e21,
    1.5e21,
    -2.345e22,
    2 ** 53 + 2,
    0.1 + 0.2,
    1e15 + 0.3,
  ];
  // A fixed pseudo-random sequence (no flakiness): magnitudes from 1e-4 to 1e12, both signs,
  // often cut to 3 decimals so that exact halves come up.
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const samples = Array.from({ length: 20_000 }, (_, i) => {
    const value = 10 ** (random() * 16 - 4) * (random() < 0.5 ? -1 : 1);
    return i % 2 === 0 ? Math.round(value * 1000) / 1000 : value;
  });

  it("writes what Intl writes for every shape", () => {
    for (const value of [...edges, ...samples]) {
      expect(formatUsd(value), String(value)).toBe(intlUsd.format(value));
      expect(formatWholeUsd(value), String(value)).toBe(intlWholeUsd.format(value));
      expect(formatCount(value), String(value)).toBe(intlCount.format(value));
      const magnitude = Math.abs(value);
      if (magnitude >= 1e3 && magnitude < 1e12) {
        const [size, suffix] =
          magnitude >= 1e9 ? [1e9, "B"] : magnitude >= 1e6 ? [1e6, "M"] : [1e3, "K"];
        const scaled = Math.abs(Math.round((value / size) * 100) / 100);
        expect(formatAbbreviatedUsd(value), String(value)).toBe(
          `${value < 0 ? "-" : ""}$${intlUpToTwo.format(scaled)}${suffix}`,
        );
      }
    }
  });

  it("neither builds an Intl formatter nor calls toLocaleString", async () => {
    const numberFormat = vi.spyOn(Intl, "NumberFormat");
    const toLocaleString = vi.spyOn(Number.prototype, "toLocaleString");
    try {
      vi.resetModules();
      const money = await import("~/domain/money");
      money.formatUsd(1234.5);
      money.formatWholeUsd(1234.5);
      money.formatCount(1234.5);
      money.formatAbbreviatedUsd(12_345);
      money.formatCents(4250);
      expect(numberFormat).not.toHaveBeenCalled();
      expect(toLocaleString).not.toHaveBeenCalled();
    } finally {
      numberFormat.mockRestore();
      toLocaleString.mockRestore();
    }
  });
});
