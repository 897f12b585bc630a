import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminPageHeader, AdminPanelLink } from "~/components/admin/AdminPageHeader";
import { AdminTable } from "~/components/admin/AdminTable";
import { DailyChart, ShareChart } from "~/components/admin/AnalyticsCharts";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";
import { INPUT } from "~/components/ui/form";
import {
  ANALYTICS_RANGES,
  analyticsRangeOf,
  describeDaily,
  seriesTotal,
  shortDayLabel,
} from "~/domain/admin-analytics";
import { formatAbbreviatedUsd, formatCount } from "~/domain/money";
import { formatMediumDate } from "~/domain/time";
import { requireAdmin } from "~/services/auth/auth.server";
import { analyticsReport } from "~/services/admin/admin-analytics.server";

export const meta: MetaFunction = () => [
  { title: "Analytics | Admin | GoatedVIPs" },
  {
    name: "description",
    content: "Registrations, active users, devices, syncs, wagers and race participation.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const range = analyticsRangeOf(new URL(request.url).searchParams.get("days"));
  return { report: await analyticsReport(range) };
}

const percent = (value: number) => `${value.toLocaleString("en-US")}%`;
const RACE_STATUS_LABELS = { upcoming: "Upcoming", live: "Live", completed: "Completed" } as const;

/** `/admin/analytics` (docs/product.md §A2 "Analytics"): the site's figures per UTC day. */
export default function AdminAnalytics() {
  const { report } = useLoaderData<typeof loader>();
  const firstDay = report.days[0] ?? "";
  const lastDay = report.days.at(-1) ?? "";
  const sessions = report.devices.reduce((sum, device) => sum + device.value, 0);
  const stats = [
    ["Registrations", formatCount(seriesTotal(report.registrations))],
    ["Active users today", formatCount(report.activeUsers.at(-1)?.value ?? 0)],
    ["Sessions used", formatCount(sessions)],
    ["Wagered", formatAbbreviatedUsd(seriesTotal(report.wagered))],
    [
      "Sync success",
      report.syncSuccessRate === null ? "No syncs" : percent(report.syncSuccessRate),
    ],
  ] as const;
  const runsByDay = new Map(report.syncRuns.map((run) => [run.day, run]));

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminPageHeader title="Analytics">
        <AdminPanelLink />
      </AdminPageHeader>

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="analytics-range" className="mb-1 block text-sm font-bold">
            Range
          </label>
          <select
            id="analytics-range"
            name="days"
            defaultValue={report.range}
            className={INPUT}
            key={report.range}
          >
            {ANALYTICS_RANGES.map((range) => (
              <option key={range} value={range}>
                Last {range} days
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${PRIMARY_BUTTON} px-5 py-2`}>
          Show
        </button>
      </Form>
      <p className="mt-3 text-sm text-muted">
        The last {report.range} days, {shortDayLabel(firstDay)} to {shortDayLabel(lastDay)}, by UTC
        day.
      </p>

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {stats.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-accent bg-card p-4">
            <dt className="text-xs uppercase tracking-widest text-muted">{label}</dt>
            <dd className="mt-1 font-display text-2xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-8 grid gap-4 lg:grid-cols-2">
        <DailyChart
          title="Registrations per day"
          description={describeDaily(report.registrations, formatCount, "total")}
          points={report.registrations}
          format={formatCount}
        />
        <DailyChart
          title="Daily active users"
          description={`Signed-in users who used the site each day: ${describeDaily(report.activeUsers, formatCount, "average")}`}
          points={report.activeUsers}
          format={formatCount}
          kind="line"
        />
        <DailyChart
          title="Players synced per day"
          description={`The most players a successful sync stored each day: ${describeDaily(report.playersSynced, formatCount, "average")}`}
          points={report.playersSynced}
          format={formatCount}
          kind="line"
        />
        <DailyChart
          title="Wagered per day"
          description={describeDaily(report.wagered, formatAbbreviatedUsd, "total")}
          points={report.wagered}
          format={formatAbbreviatedUsd}
        />
        <DailyChart
          title="Sync success rate"
          description={
            report.syncSuccessRate === null
              ? "No sync finished in this range."
              : `${percent(report.syncSuccessRate)} of the syncs that finished succeeded; by day: ${describeDaily(report.syncSuccessRates, percent, "average")}`
          }
          points={report.syncSuccessRates}
          format={percent}
          kind="line"
          maxValue={100}
        />
        <ShareChart
          title="Sessions by device"
          description={`${formatCount(sessions)} sessions used in this range and still on record (ended and expired sessions are deleted).`}
          items={report.devices}
          empty="No sessions in this range."
        />
      </div>

      <section aria-labelledby="race-participation" className="mt-10">
        <h2 id="race-participation" className="font-display text-2xl font-bold uppercase">
          Race participation
        </h2>
        <p className="mt-1 text-sm text-muted">
          Races that ran in this range: participants are the players whose wager in the race reached
          its minimum; results are its frozen places once completed.
        </p>
        <div className="mt-4">
          <ShareChart
            title="Participants per race"
            description={
              report.races.length === 0
                ? "No race ran in this range."
                : report.races
                    .map((race) => `${race.title}: ${formatCount(race.participants)}`)
                    .join("; ")
            }
            items={report.races.map((race) => ({ label: race.title, value: race.participants }))}
            empty="No race ran in this range."
          />
        </div>
        <AdminTable
          label="Races"
          headings={["Race", "Status", "Started", "Participants", "Results"]}
          empty={report.races.length === 0 ? "No race ran in this range." : null}
        >
          {report.races.map((race) => (
            <tr key={race.id} className="border-t border-accent">
              <td className="px-3 py-2">
                <Link to={`/wager-races/${race.id}`} className="text-primary hover:underline">
                  {race.title}
                </Link>
              </td>
              <td className="px-3 py-2">{RACE_STATUS_LABELS[race.status]}</td>
              <td className="whitespace-nowrap px-3 py-2">{formatMediumDate(race.startDate)}</td>
              <td className="px-3 py-2 tabular-nums">{formatCount(race.participants)}</td>
              <td className="px-3 py-2 tabular-nums">{formatCount(race.results)}</td>
            </tr>
          ))}
        </AdminTable>
      </section>

      <section aria-labelledby="analytics-figures" className="mt-10">
        <h2 id="analytics-figures" className="font-display text-2xl font-bold uppercase">
          Figures
        </h2>
        <AdminTable
          label="Sessions by device"
          headings={["Device", "Sessions"]}
          empty={report.devices.length === 0 ? "No sessions in this range." : null}
        >
          {report.devices.map((device) => (
            <tr key={device.label} className="border-t border-accent">
              <td className="px-3 py-2">{device.label}</td>
              <td className="px-3 py-2 tabular-nums">{formatCount(device.value)}</td>
            </tr>
          ))}
        </AdminTable>
        <AdminTable
          label="Daily figures"
          headings={[
            "Day",
            "Registrations",
            "Active users",
            "Players synced",
            "Wagered",
            "Syncs succeeded",
            "Syncs failed",
          ]}
          empty={null}
        >
          {report.days
            .map((day, index) => {
              const synced = report.playersSynced[index]?.value ?? null;
              const runs = runsByDay.get(day);
              return (
                <tr key={day} className="border-t border-accent tabular-nums">
                  <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-normal">
                    {day}
                  </th>
                  <td className="px-3 py-2">
                    {formatCount(report.registrations[index]?.value ?? 0)}
                  </td>
                  <td className="px-3 py-2">
                    {formatCount(report.activeUsers[index]?.value ?? 0)}
                  </td>
                  <td className="px-3 py-2">{synced === null ? "—" : formatCount(synced)}</td>
                  <td className="px-3 py-2">
                    {formatAbbreviatedUsd(report.wagered[index]?.value ?? 0)}
                  </td>
                  <td className="px-3 py-2">{formatCount(runs?.succeeded ?? 0)}</td>
                  <td className="px-3 py-2">{formatCount(runs?.failed ?? 0)}</td>
                </tr>
              );
            })
            .reverse()}
        </AdminTable>
      </section>
    </div>
  );
}
