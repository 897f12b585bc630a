import { useId } from "react";
import type { ReactNode } from "react";
import { dailyChart, shareBars, shortDayLabel } from "~/domain/admin-analytics";
import type { DailyPoint } from "~/domain/admin-analytics";

/**
 * The admin analytics' charts, drawn as SVG on the server: no chart library reaches the browser.
 * Each is an image with a title and a description (its figures in words); the page also lists
 * every figure in tables.
 */

const WIDTH = 640;
const HEIGHT = 200;
const MARGIN = { top: 10, right: 8, bottom: 26, left: 56 };
const PLOT = {
  width: WIDTH - MARGIN.left - MARGIN.right,
  height: HEIGHT - MARGIN.top - MARGIN.bottom,
};

/** A chart's frame: its caption and description, and the SVG image they title and describe (or,
 * when there is nothing to draw, the `empty` sentence instead). */
function ChartFigure({
  title,
  description,
  height,
  empty = null,
  children,
}: {
  title: string;
  description: string;
  /** The image's height in SVG units; its width is WIDTH. */
  height: number;
  empty?: string | null;
  children: ReactNode;
}) {
  const id = useId();
  const ids = { title: `${id}-title`, desc: `${id}-desc` };
  return (
    <figure className="rounded-xl border border-accent bg-card p-4">
      <figcaption className="font-display text-xl font-bold uppercase">{title}</figcaption>
      <p className="mt-1 text-sm text-muted">{description}</p>
      <div className="mt-3">
        {empty !== null ? (
          <p className="text-sm text-muted">{empty}</p>
        ) : (
          <svg
            viewBox={`0 0 ${WIDTH} ${height}`}
            role="img"
            aria-labelledby={ids.title}
            aria-describedby={ids.desc}
            className="h-auto w-full text-primary"
          >
            <title id={ids.title}>{title}</title>
            <desc id={ids.desc}>{description}</desc>
            {children}
          </svg>
        )}
      </div>
    </figure>
  );
}

/** A daily series as bars (counts, money) or a line (rates, users), over the page's range. */
export function DailyChart({
  title,
  description,
  points,
  format,
  kind = "bars",
  maxValue,
}: {
  title: string;
  description: string;
  points: DailyPoint[];
  format: (value: number) => string;
  kind?: "bars" | "line";
  maxValue?: number;
}) {
  const chart = dailyChart(points, PLOT, { maxValue });
  const first = points[0];
  const last = points.at(-1);
  return (
    <ChartFigure title={title} description={description} height={HEIGHT}>
      <g transform={`translate(${MARGIN.left} ${MARGIN.top})`}>
        {chart.gridlines.map((line) => (
          <g key={line.value}>
            <line
              x1={0}
              x2={PLOT.width}
              y1={line.y}
              y2={line.y}
              className="stroke-accent"
              strokeWidth={1}
            />
            <text x={-8} y={line.y} dy="0.35em" textAnchor="end" className="fill-muted text-xs">
              {format(line.value)}
            </text>
          </g>
        ))}
        {kind === "bars" ? (
          chart.bars.map((bar) =>
            bar.height > 0 ? (
              <rect
                key={bar.day}
                x={bar.x}
                y={bar.y}
                width={bar.width}
                height={bar.height}
                rx={Math.min(2, bar.width / 2)}
                fill="currentColor"
              />
            ) : null,
          )
        ) : (
          <>
            <path d={chart.line} fill="none" stroke="currentColor" strokeWidth={2} />
            {chart.bars.map((bar) =>
              bar.value === null ? null : (
                <circle
                  key={bar.day}
                  cx={bar.x + bar.width / 2}
                  cy={bar.y}
                  r={2.5}
                  fill="currentColor"
                />
              ),
            )}
          </>
        )}
        {first && last ? (
          <g className="fill-muted text-xs">
            <text x={0} y={PLOT.height + 18}>
              {shortDayLabel(first.day)}
            </text>
            <text x={PLOT.width} y={PLOT.height + 18} textAnchor="end">
              {shortDayLabel(last.day)}
            </text>
          </g>
        ) : null}
      </g>
    </ChartFigure>
  );
}

const BAR_ROW = 28;
const LABEL_WIDTH = 180;
const VALUE_WIDTH = 64;

/** Labelled horizontal bars (devices, races), each with its figure beside it. */
export function ShareChart({
  title,
  description,
  items,
  empty,
}: {
  title: string;
  description: string;
  items: Array<{ label: string; value: number }>;
  empty: string;
}) {
  const barWidth = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const bars = shareBars(items, barWidth);
  const height = Math.max(1, bars.length) * BAR_ROW;
  return (
    <ChartFigure
      title={title}
      description={description}
      height={height}
      empty={bars.length === 0 ? empty : null}
    >
      {bars.map((bar, index) => (
        <g key={`${bar.label}-${index}`} transform={`translate(0 ${index * BAR_ROW})`}>
          <text x={0} y={BAR_ROW / 2} dy="0.35em" className="fill-white text-sm">
            {bar.label.length > 24 ? `${bar.label.slice(0, 23)}…` : bar.label}
          </text>
          <rect
            x={LABEL_WIDTH}
            y={6}
            width={Math.max(bar.width, bar.value > 0 ? 2 : 0)}
            height={BAR_ROW - 12}
            rx={2}
            fill="currentColor"
          />
          <text
            x={LABEL_WIDTH + bar.width + 8}
            y={BAR_ROW / 2}
            dy="0.35em"
            className="fill-muted text-sm tabular-nums"
          >
            {bar.value.toLocaleString("en-US")}
          </text>
        </g>
      ))}
    </ChartFigure>
  );
}
