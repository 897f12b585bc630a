// `npx tsx bench/render-cost.ts [--profile DIR] [--seconds N] [--path /leaderboard?period=daily]
// [--accept-encoding "gzip, deflate, br"]`:
// the server CPU a signed-in page costs per request, read from /proc/<pid>/stat around an
// autocannon run (50 connections), so that before/after figures taken on a shared, loaded machine
// compare the work done rather than the wall clock. Not part of `npm run bench`'s report.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { FAKE_AFFILIATE_UID, FAKE_TOKEN, startFakeProvider } from "../tests/fake-provider/server";
import { referralPayload } from "./payload";
import { signedInCookie } from "./players";

const { values } = parseArgs({
  options: {
    profile: { type: "string" },
    seconds: { type: "string", default: "15" },
    connections: { type: "string", default: "50" },
    path: { type: "string", default: "/leaderboard?period=daily" },
    port: { type: "string", default: "4101" },
    visitor: { type: "boolean", default: false },
    // What a browser sends: "gzip, deflate, br". None by default (autocannon sends none).
    "accept-encoding": { type: "string" },
    "save-html": { type: "string" },
    "keep-database": { type: "boolean", default: false },
  },
});
const PORT = Number(values.port);
const ORIGIN = `http://localhost:${PORT}`;
const CLOCK_TICKS = 100;

/** User plus system CPU seconds of a process so far. */
function cpuSeconds(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

const work = mkdtempSync(path.join(tmpdir(), "goatedvips-render-cost-"));
const provider = await startFakeProvider();
provider.setPayload(referralPayload(10_000, 2));
const server = spawn(
  process.execPath,
  [
    ...(values.profile ? ["--cpu-prof", `--cpu-prof-dir=${values.profile}`] : []),
    // The production build, as `npm start` runs it (`npm run build` first).
    "build/server.js",
  ],
  {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATABASE_PATH: path.join(work, "render.sqlite"),
      SESSION_SECRET: "bench-secret-that-is-long-enough-to-sign-cookies",
      GOATED_API_BASE_URL: provider.url,
      GOATED_AFFILIATE_UID: FAKE_AFFILIATE_UID,
      GOATED_API_TOKEN: FAKE_TOKEN,
      SYNC_INTERVAL_SECONDS: "86400",
      BACKUP_INTERVAL_HOURS: "0",
    },
    stdio: ["ignore", "ignore", "inherit"],
  },
);
const pid = server.pid ?? 0;
try {
  for (let i = 0; ; i += 1) {
    const stats = await fetch(`${ORIGIN}/api/affiliate/stats?page=1&limit=1`).catch(() => null);
    if (
      stats?.ok &&
      ((await stats.json()) as { metadata: { totalUsers: number } }).metadata.totalUsers > 0
    ) {
      break;
    }
    if (i > 300) throw new Error("the server did not start with data");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const cookie = await signedInCookie([ORIGIN]);
  const url = `${ORIGIN}${values.path}`;
  const headers = {
    ...(values.visitor ? {} : { cookie }),
    ...(values["accept-encoding"] ? { "accept-encoding": values["accept-encoding"] } : {}),
  };
  const page = await (await fetch(url, { headers })).text();
  if (values["save-html"]) writeFileSync(values["save-html"], page);
  await autocannon({ url, headers, connections: 10, duration: 3 });
  const cpuBefore = cpuSeconds(pid);
  const load = loadavg()[0] ?? 0;
  const result = await autocannon({
    url,
    headers,
    connections: Number(values.connections),
    duration: Number(values.seconds),
  });
  const cpu = cpuSeconds(pid) - cpuBefore;
  console.log(
    JSON.stringify({
      path: values.path,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      reqPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      cpuMsPerRequest: Number(((cpu * 1000) / result.requests.total).toFixed(3)),
      serverCpuShare: Number((cpu / Number(values.seconds)).toFixed(2)),
      htmlBytes: page.length,
      loadAverage: [load, loadavg()[0]].map((n) => Number((n ?? 0).toFixed(1))),
    }),
  );
} finally {
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
  await provider.close();
  if (!values["keep-database"]) rmSync(work, { recursive: true, force: true });
  else console.log(path.join(work, "render.sqlite"));
}
