// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { act, cleanup, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { RankProgress, RankProgressCompact } from "~/components/rank/RankProgress";
import { RankEmblem, rankEmblemUrl } from "~/components/rank/RankEmblem";
import { RANKS, formatRankPercent } from "~/domain/rank";

function setReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes("reduce"),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const percentText = () => screen.getByTestId("rank-percent").textContent;
const dashOffset = () =>
  Number(screen.getByTestId("rank-ring-progress").getAttribute("stroke-dashoffset"));
const CIRCUMFERENCE = 2 * Math.PI * 52;

beforeEach(() => {
  vi.useFakeTimers();
  setReducedMotion(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("RankEmblem", () => {
  it("serves one file per rank from our origin, at the four display sizes", () => {
    expect(new Set(RANKS.map((rank) => rankEmblemUrl(rank.name))).size).toBe(9);
    expect(rankEmblemUrl("SAPPHIRE")).toBe("/ranks/sapphire.svg");
    render(<RankEmblem rank="GOLD" size="xl" />);
    const img = screen.getByRole("img", { name: "GOLD rank emblem" });
    expect(img.getAttribute("width")).toBe("96");
    expect(img.getAttribute("height")).toBe("96");
  });
});

describe("RankProgress (full)", () => {
  it("renders the final state on the server: ring, percent, ranks and XP needed", () => {
    // 85,000 is 75% of the way from SILVER (40,000) to GOLD (100,000).
    const html = renderToString(<RankProgress wagerAmount={85_000} />);
    expect(html).toContain("75%");
    expect(html).toContain("SILVER");
    expect(html).toContain("GOLD");
    expect(html).toContain("$15,000");
    expect(html).toContain(`stroke-dashoffset="${(CIRCUMFERENCE * 0.25).toFixed(2)}"`);
    expect(html).not.toContain("style=");
  });

  it("with JavaScript starts from 0 and shows the percent after 300 ms, sweeping the ring", () => {
    render(<RankProgress wagerAmount={85_000} />);
    expect(percentText()).toBe("0%");
    expect(dashOffset()).toBeCloseTo(CIRCUMFERENCE, 1);
    act(() => vi.advanceTimersByTime(299));
    expect(percentText()).toBe("0%");
    act(() => vi.advanceTimersByTime(1));
    expect(percentText()).toBe("75%");
    expect(dashOffset()).toBeCloseTo(CIRCUMFERENCE * 0.25, 1);
    expect(screen.getByTestId("rank-ring-progress").getAttribute("class")).toContain(
      "duration-[1500ms]",
    );
  });

  it("hydrates on the server's value without dropping to 0, and sweeps only when it changes", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<RankProgress wagerAmount={85_000} />);
    document.body.append(container);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    onTestFinished(() => {
      act(() => root?.unmount());
      container.remove();
    });
    act(() => {
      root = hydrateRoot(container, <RankProgress wagerAmount={85_000} />);
    });
    const offsets = [dashOffset()];
    for (let step = 0; step < 20; step += 1) {
      act(() => vi.advanceTimersByTime(100));
      offsets.push(dashOffset());
    }
    for (const offset of offsets) expect(offset).toBeCloseTo(CIRCUMFERENCE * 0.25, 1);
    expect(percentText()).toBe("75%");

    // 94,000 is 90% of the way to GOLD: from 75% to 90%, never through 0.
    act(() => root?.render(<RankProgress wagerAmount={94_000} />));
    expect(percentText()).toBe("75%");
    act(() => vi.advanceTimersByTime(300));
    expect(percentText()).toBe("90%");
    expect(screen.getByTestId("rank-ring-progress").getAttribute("class")).toContain(
      "duration-[1500ms]",
    );
  });

  it("shows the value at once under reduced motion or with animate off", () => {
    setReducedMotion(true);
    render(<RankProgress wagerAmount={85_000} />);
    expect(percentText()).toBe("75%");
    cleanup();
    setReducedMotion(false);
    render(<RankProgress wagerAmount={85_000} animate={false} />);
    expect(percentText()).toBe("75%");
    expect(screen.getByTestId("rank-ring-progress").getAttribute("class")).toBe("");
  });

  it("at DIAMOND the next rank is DIAMOND, 100%, nothing needed", () => {
    render(<RankProgress wagerAmount={25_000_000} animate={false} />);
    expect(percentText()).toBe("100%");
    expect(screen.getByText("XP Needed").nextSibling?.textContent).toBe("$0");
    expect(screen.getAllByText("DIAMOND")).toHaveLength(2);
  });
});

describe("RankProgressCompact", () => {
  it("is a focusable ring whose tooltip gives the percent to the next rank", () => {
    render(<RankProgressCompact wagerAmount={5_000} animate={false} tooltipId="rank-tip" />);
    const badge = screen.getByRole("img", { name: "Rank COPPER" });
    expect(badge.tabIndex).toBe(0);
    expect(screen.getByRole("tooltip", { hidden: true }).textContent).toBe("50% to BRONZE");
  });

  it("as a link goes where it is told (the mobile header badge)", () => {
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => (
          <RankProgressCompact wagerAmount={150_000} to="/profile?tab=rank" tooltipId="rank-tip" />
        ),
      },
    ]);
    render(<Stub />);
    const link = screen.getByRole("link", { name: "Rank GOLD" });
    expect(link.getAttribute("href")).toBe("/profile?tab=rank");
  });
});

describe("formatRankPercent", () => {
  it("floors to whole percents and clamps", () => {
    expect(formatRankPercent(99.99)).toBe("99%");
    expect(formatRankPercent(100)).toBe("100%");
    expect(formatRankPercent(-3)).toBe("0%");
    expect(formatRankPercent(Number.NaN)).toBe("0%");
  });
});
