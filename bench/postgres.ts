// The PostgreSQL column of `npm run bench` (issue 20, docs/decisions/0037 and 0038), on a throwaway
// cluster: the sync of 100,000 referrals (bench/sync.ts, in a child process whose DATABASE_URL
// names the cluster: the run's own process has its database module bound to SQLite), and
// `/leaderboard` under load spread over two production server processes sharing one database.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { postgresBinDir, startThrowawayCluster } from "../tests/postgres/cluster";
import { databaseUrl } from "../tests/postgres/template-database";
import type { ServerBenchDeps } from "./blocking";
import { ms } from "./format";
import { referralPayload } from "./payload";
import { benchSync } from "./sync";

interface PostgresBenchDeps extends ServerBenchDeps {
  /** bench/run.ts's `/leaderboard` load over these origins, `engine` starting each measure. */
  benchLeaderboardLoad: (origins: string[], engine: string) => Promise<void>;
}

/** The child's argument; run.ts's own arguments are section names ("sync" among them). */
const CHILD_ARGUMENT = "postgres-sync-child";
/** Lines of the child's standard output that carry one row of the table. */
const ROW_PREFIX = "bench-row ";

export async function benchPostgres(deps: PostgresBenchDeps) {
  if (!postgresBinDir()) {
    console.log(
      "skipped postgres: PostgreSQL is not installed (tests/ensure-postgres.sh installs it)",
    );
    return;
  }
  const cluster = await startThrowawayCluster();
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("CREATE DATABASE bench_sync");
    await admin.query("CREATE DATABASE bench_http");
    await admin.end();
    await benchSyncInChild(deps, databaseUrl(cluster.url, "bench_sync"));

    const port = Number(new URL(deps.origin).port);
    const ports = [port, port + 1];
    const options = {
      payload: referralPayload(10_000, 2),
      database: { url: databaseUrl(cluster.url, "bench_http") },
      syncSeconds: 86_400,
      ports,
    };
    await deps.withBenchServer(options, () =>
      deps.benchLeaderboardLoad(
        ports.map((each) => `http://localhost:${each}`),
        "PostgreSQL, two processes: ",
      ),
    );
  } finally {
    cluster.stop();
  }
}

async function benchSyncInChild({ record }: ServerBenchDeps, url: string) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(import.meta.url), CHILD_ARGUMENT],
    { env: { ...process.env, DATABASE_URL: url }, stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`the PostgreSQL sync bench exited with ${String(code)}`);
  for (const line of output.split("\n")) {
    if (!line.startsWith(ROW_PREFIX)) continue;
    const row = JSON.parse(line.slice(ROW_PREFIX.length)) as Parameters<typeof record>;
    record(...row);
  }
}

/** In the child: the sync section's runs, on the PostgreSQL database of DATABASE_URL. */
async function syncChild() {
  await benchSync(
    {
      record: (...row) => console.log(`${ROW_PREFIX}${JSON.stringify(row)}`),
      ms,
    },
    "PostgreSQL: ",
  );
  // The sync worker thread would keep the process alive.
  process.exit(0);
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === CHILD_ARGUMENT) {
  await syncChild();
}
