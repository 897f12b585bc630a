import { useId } from "react";
import { formatAbbreviatedUsd } from "~/domain/money";
import { ScrollingTable } from "~/components/ui/ScrollingTable";
import type { ChartLine, WagerChart, WagerChartState } from "~/domain/wager-chart";

/** Stroke and text colours by place: the podium in the site's colours, the rest muted. */
const LINE_CLASSES = [
  { stroke: "stroke-primary", fill: "fill-primary" },
  { stroke: "stroke-success", fill: "fill-success" },
  { stroke: "stroke-white", fill: "fill-white" },
];
const OTHER_LINE = { stroke: "stroke-muted", fill: "fill-muted" };
const lineClasses = (i: number) => LINE_CLASSES[i] ?? OTHER_LINE;

/**
 * A wager chart as markup alone (drawn by the server, no script): the SVG, described for screen
 * readers, and a table with the same figures. `texts.empty` and `texts.upcoming` stand in for a
 * chart with nothing to show.
 */
export function WagerChartPanel({
  data,
  title,
  texts,
}: {
  data: WagerChartState;
  title: string;
  texts: { empty: string; upcoming?: string };
}) {
  if (data.state !== "shown") {
    return (
      <p className="mt-4 text-muted">
        {data.state === "upcoming" ? (texts.upcoming ?? texts.empty) : texts.empty}
      </p>
    );
  }
  return <WagerChartFigure chart={data.chart} title={title} />;
}

function WagerChartFigure({ chart, title }: { chart: WagerChart; title: string }) {
  const id = useId();
  const { plot, lines } = chart;
  return (
    <figure className="mt-4 rounded-xl border border-accent bg-card p-4">
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="h-auto w-full text-xs"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>
          Wager from {chart.fromLabel} to {chart.asOfLabel}
          {chart.projected ? ", then projected at the current pace to the end" : ""}. The table
          below gives each figure.
        </desc>
        {chart.projectionX === null ? null : (
          <g>
            <rect
              x={chart.projectionX}
              y={plot.top}
              width={plot.right - chart.projectionX}
              height={plot.bottom - plot.top}
              className="fill-accent/40"
            />
            <text x={chart.projectionX + 4} y={plot.top + 12} className="fill-muted">
              Projection
            </text>
          </g>
        )}
        {chart.yTicks.map((tick) => (
          <g key={tick.value}>
            <line
              x1={plot.left}
              x2={plot.right}
              y1={tick.y}
              y2={tick.y}
              className="stroke-accent"
            />
            <text x={plot.left - 6} y={tick.y + 4} textAnchor="end" className="fill-muted">
              {formatAbbreviatedUsd(tick.value)}
            </text>
          </g>
        ))}
        {chart.xTicks.map((tick) => (
          <text
            key={tick.x}
            x={tick.x}
            y={plot.bottom + 16}
            textAnchor="middle"
            className="fill-muted"
          >
            {tick.label}
          </text>
        ))}
        {/* The leader drawn last, on top. */}
        {lines
          .map((line, i) => <ChartLineMarks key={line.uid} line={line} index={i} plot={plot} />)
          .reverse()}
      </svg>
      <WagerChartTable chart={chart} />
    </figure>
  );
}

function ChartLineMarks({
  line,
  index,
  plot,
}: {
  line: ChartLine;
  index: number;
  plot: WagerChart["plot"];
}) {
  const { stroke, fill } = lineClasses(index);
  return (
    <g>
      <path d={line.path} className={`fill-none ${stroke}`} strokeWidth={index === 0 ? 2.5 : 1.5} />
      {line.projectionPath ? (
        <path
          d={line.projectionPath}
          className={`fill-none ${stroke}`}
          strokeWidth={1.5}
          strokeDasharray="4 4"
        />
      ) : null}
      {line.position === null ? null : (
        <text x={plot.right + 6} y={line.labelY + 4} className={fill}>
          {line.position}
        </text>
      )}
    </g>
  );
}

/** The chart's figures for every reader: each line's wager, pace and (running race) projection. */
function WagerChartTable({ chart }: { chart: WagerChart }) {
  const ranked = chart.lines.some((line) => line.position !== null);
  return (
    <>
      <ScrollingTable role="group" label="The chart's figures" cueShownBelow="lg">
        <table className="w-full border-collapse whitespace-nowrap text-left text-sm [&_td]:pr-4 [&_th]:pr-4 [&_th]:whitespace-normal">
          <caption className="sr-only">The chart&apos;s figures</caption>
          <thead className="text-muted">
            <tr>
              {ranked ? <th scope="col">Place</th> : null}
              <th scope="col">Player</th>
              <th scope="col">Wagered</th>
              <th scope="col">Pace per day</th>
              {chart.projected ? <th scope="col">Projection: finish at this pace</th> : null}
            </tr>
          </thead>
          <tbody>
            {chart.lines.map((line, i) => (
              <tr key={line.uid} className="border-t border-accent">
                {ranked ? (
                  <td>
                    <svg viewBox="0 0 16 8" aria-hidden="true" className="mr-2 inline h-2 w-4">
                      <path d="M0 4H16" className={lineClasses(i).stroke} strokeWidth={3} />
                    </svg>
                    #{line.position}
                  </td>
                ) : null}
                <td>{line.name}</td>
                <td>{formatAbbreviatedUsd(line.wager)}</td>
                <td>{formatAbbreviatedUsd(line.pacePerDay)}</td>
                {chart.projected ? (
                  <td>
                    {line.projectedFinish === null
                      ? ""
                      : formatAbbreviatedUsd(line.projectedFinish)}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollingTable>
      {chart.projected ? (
        <p className="mt-2 text-xs text-muted">
          A projection assumes each player keeps the pace they have had since the start until the
          end. It is not a result.
        </p>
      ) : null}
    </>
  );
}
