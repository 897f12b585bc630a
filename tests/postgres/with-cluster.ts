// `tsx tests/postgres/with-cluster.ts -- COMMAND ARGS...`: runs COMMAND with TEST_POSTGRES_URL set
// to a throwaway cluster's superuser URL, then stops and removes the cluster; exits with COMMAND's
// status.
import { spawn } from "node:child_process";
import { startThrowawayCluster } from "./cluster";

const separator = process.argv.indexOf("--");
const [command, ...args] = separator === -1 ? [] : process.argv.slice(separator + 1);
if (!command) {
  console.error("usage: tsx tests/postgres/with-cluster.ts -- COMMAND [ARGS...]");
  process.exit(2);
}

const cluster = await startThrowawayCluster();
const stop = () => cluster.stop();
process.on("exit", stop);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => process.exit(130));
}
const child = spawn(command, args, {
  stdio: "inherit",
  env: { ...process.env, TEST_POSTGRES_URL: cluster.url },
});
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
