import { describe, expect, it } from "vitest";
import {
  MAX_INTERVALS,
  layoutWagerChart,
  linePath,
  pacePerDay,
  projectedFinish,
  sampleInstants,
  spreadLabels,
  valueTicks,
  wagerSince,
} from "~/domain/wager-chart";

const NOV = "2026-11-01T00:00:00.000Z";
const DEC = "2026-12-01T00:00:00.000Z";
const now = new Date("2026-11-21T12:00:00.000Z");

describe("sampleInstants", () => {
  it("samples a month at every UTC day end, from the start to the data's time", () => {
    const instants = sampleInstants(NOV, now.toISOString(), now);
    expect(instants[0]).toBe(NOV);
    expect(instants[1]).toBe("2026-11-02T00:00:00.000Z");
    expect(instants.at(-2)).toBe("2026-11-21T00:00:00.000Z");
    expect(instants.at(-1)).toBe(now.toISOString());
    expect(instants).toHaveLength(22);
  });

  it("samples a short race by the hour, and keeps to MAX_INTERVALS", () => {
    const start = "2026-11-20T10:30:00.000Z";
    const instants = sampleInstants(start, now.toISOString(), now);
    expect(instants.slice(0, 3)).toEqual([
      start,
      "2026-11-20T11:00:00.000Z",
      "2026-11-20T12:00:00.000Z",
    ]);
    expect(instants.length - 1).toBe(26);
    const week = sampleInstants("2026-11-14T12:00:00.000Z", now.toISOString(), now);
    expect(week.length - 1).toBeLessThanOrEqual(MAX_INTERVALS);
    expect(week[1]).toBe("2026-11-14T18:00:00.000Z");
  });

  it("samples only day ends once the start is older than the hourly snapshots kept", () => {
    const start = "2026-06-01T00:00:00.000Z";
    const end = "2026-06-02T00:00:00.000Z";
    expect(sampleInstants(start, end, now)).toEqual([start, end]);
    const long = sampleInstants("2026-01-01T00:00:00.000Z", DEC, now);
    expect(long.length - 1).toBeLessThanOrEqual(MAX_INTERVALS + 1);
    for (const at of long.slice(1, -1)) expect(at.endsWith("T00:00:00.000Z")).toBe(true);
  });

  it("gives the start alone when no time has passed (the race has not started)", () => {
    expect(sampleInstants(NOV, NOV, now)).toEqual([NOV]);
    expect(sampleInstants(DEC, NOV, now)).toEqual([DEC]);
  });
});

describe("wagerSince", () => {
  it("is each total minus the first, as the race standings count", () => {
    expect(wagerSince([1_000, 1_500, 1_500, 2_250])).toEqual([0, 500, 500, 1_250]);
  });

  it("counts from 0 a player with no snapshot before the start, and 0 before their first", () => {
    expect(wagerSince([null, null, 300, 700])).toEqual([0, 0, 300, 700]);
  });

  it("never goes below 0 (a player is in a race only while above 0)", () => {
    expect(wagerSince([1_000, 900])).toEqual([0, 0]);
    expect(wagerSince([])).toEqual([]);
  });
});

describe("pace and projection", () => {
  it("pace is the wager so far over the days elapsed", () => {
    expect(pacePerDay(2_000, NOV, "2026-11-05T00:00:00.000Z")).toBe(500);
    expect(pacePerDay(100, NOV, "2026-11-04T00:00:00.000Z")).toBe(33.33);
  });

  it("pace is 0 with no wager or no time elapsed", () => {
    expect(pacePerDay(0, NOV, "2026-11-05T00:00:00.000Z")).toBe(0);
    expect(pacePerDay(500, NOV, NOV)).toBe(0);
  });

  it("projects the wager now plus the pace over the time left, in cents", () => {
    expect(projectedFinish(2_000, 500, "2026-11-05T00:00:00.000Z", DEC)).toBe(15_000);
    expect(projectedFinish(100, 33.33, "2026-11-30T12:00:00.000Z", DEC)).toBe(116.67);
    expect(projectedFinish(2_000, 500, DEC, DEC)).toBe(2_000);
  });
});

describe("scales and paths", () => {
  it("ticks from 0 to a round value at or above the largest figure", () => {
    expect(valueTicks(15_000)).toEqual([0, 5_000, 10_000, 15_000]);
    expect(valueTicks(1_234)).toEqual([0, 500, 1_000, 1_500]);
    expect(valueTicks(1)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(valueTicks(0)).toEqual([0, 25, 50, 75, 100]);
  });

  it("writes a path with whole coordinates", () => {
    expect(
      linePath([
        { x: 52, y: 236 },
        { x: 70.4, y: 100.5 },
      ]),
    ).toBe("M52 236L70 101");
    expect(linePath([])).toBe("");
  });

  it("spreads end labels at least the gap apart, inside the plot, in the order given", () => {
    expect(spreadLabels([100, 100, 101], 10, 0, 200)).toEqual([100, 110, 120]);
    expect(spreadLabels([200, 199], 10, 0, 200)).toEqual([200, 190]);
    expect(spreadLabels([5], 10, 10, 200)).toEqual([10]);
  });
});

describe("layoutWagerChart", () => {
  const instants = [NOV, "2026-11-02T00:00:00.000Z", "2026-11-03T00:00:00.000Z"];
  const series = [
    { uid: "a", name: "Alpha", position: 1, wagers: [0, 600, 1_200] },
    { uid: "b", name: "Beta", position: 2, wagers: [0, 0, 300] },
  ];

  it("projects a running race's lines to its end, labelled from the data's time", () => {
    const chart = layoutWagerChart({ instants, series, projectTo: "2026-11-05T00:00:00.000Z" });
    expect(chart.projected).toBe(true);
    const [alpha, beta] = chart.lines;
    expect(alpha).toMatchObject({ wager: 1_200, pacePerDay: 600, projectedFinish: 2_400 });
    expect(beta).toMatchObject({ wager: 300, pacePerDay: 150, projectedFinish: 600 });
    // The x axis runs to the end; the data stops halfway, where the projection begins.
    expect(chart.projectionX).toBe(Math.round((chart.plot.left + chart.plot.right) / 2));
    expect(alpha!.path).toBe(
      `M52 236L190 ${Math.round(236 - (600 / 3_000) * 226)}L328 ${Math.round(236 - (1_200 / 3_000) * 226)}`,
    );
    expect(alpha!.projectionPath).toBe(
      `M328 ${Math.round(236 - (1_200 / 3_000) * 226)}L604 ${Math.round(236 - (2_400 / 3_000) * 226)}`,
    );
    expect(chart.yTicks.at(-1)).toEqual({ y: 10, value: 3_000 });
    expect(chart.xTicks.map((tick) => tick.label)).toEqual(["Nov 2"]);
  });

  it("draws a completed race's final curve without projection", () => {
    const chart = layoutWagerChart({ instants, series, projectTo: null });
    expect(chart.projected).toBe(false);
    expect(chart.projectionX).toBeNull();
    expect(chart.lines.map((line) => line.projectedFinish)).toEqual([null, null]);
    expect(chart.lines.map((line) => line.projectionPath)).toEqual([null, null]);
    expect(chart.lines[0]!.path.endsWith(`L604 ${Math.round(236 - (1_200 / 1_500) * 226)}`)).toBe(
      true,
    );
  });

  it("charts zero wagers flat on the axis, and a single snapshot as one point", () => {
    const flat = layoutWagerChart({
      instants,
      series: [{ uid: "z", name: "Zero", position: null, wagers: [0, 0, 0] }],
      projectTo: null,
    });
    expect(flat.lines[0]).toMatchObject({
      wager: 0,
      pacePerDay: 0,
      path: "M52 236L328 236L604 236",
    });
    const single = layoutWagerChart({
      instants: [NOV],
      series: [{ uid: "a", name: "Alpha", position: 1, wagers: [0] }],
      projectTo: DEC,
    });
    expect(single.lines[0]).toMatchObject({ wager: 0, pacePerDay: 0, projectedFinish: 0 });
    expect(single.lines[0]!.path).toBe("M52 236");
  });
});
