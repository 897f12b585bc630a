// Page views while 30 sign-ins run at once (issue 12 item 2): password hashing waits in its own
// queue (app/services/auth/passwords.server.ts), so pages and static files must not wait behind it.

const SIGN_INS_AT_ONCE = 30;
const VIEWERS = 4;
const DURATION_MS = 15_000;
// Strong enough for any password rule.
const PASSWORD = "Bench-Goats-Graze-At-Dawn-77";

type RecordFigure = (measure: string, budget: string, result: string, ok: boolean | null) => void;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * One account signs in from 30 addresses at once, again and again (the right password, so no
 * throttle stops it), while 4 visitors fetch /leaderboard and /favicon.svg one after another; the figure is
 * the visitors' p99.
 */
export async function benchSignIns(origin: string, record: RecordFigure) {
  const username = `bench${Date.now() % 1_000_000}`;
  // The server trusts a proxy on loopback, so each sign-in loop can be its own client address
  // (198.18.0.0/15 is the benchmarking range), as 30 people signing in at once would be.
  const post = (path: string, body: object, client = "198.18.1.1") =>
    fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": client },
      body: JSON.stringify(body),
    });
  const registered = await post("/api/auth/register", {
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  if (registered.status !== 201) {
    throw new Error(`registration answered ${registered.status}: ${await registered.text()}`);
  }

  let running = true;
  const failures: string[] = [];
  const fail = (what: string) => {
    failures.push(what);
    running = false;
  };
  let signIns = 0;
  const signInLoop = async (client: number) => {
    while (running) {
      const response = await post(
        "/api/auth/login",
        { username, password: PASSWORD },
        `198.18.0.${client}`,
      );
      await response.arrayBuffer();
      if (response.status === 200) signIns += 1;
      else fail(`sign-in answered ${response.status}`);
    }
  };
  const pages = ["/leaderboard?period=daily", "/favicon.svg"];
  const latencies: number[] = [];
  const viewLoop = async (viewer: number) => {
    for (let i = viewer; running; i += 1) {
      const started = performance.now();
      const response = await fetch(`${origin}${pages[i % pages.length] ?? "/"}`);
      await response.arrayBuffer();
      if (response.ok) latencies.push(performance.now() - started);
      else fail(`${pages[i % pages.length]} answered ${response.status}`);
    }
  };

  const signInLoops = Array.from({ length: SIGN_INS_AT_ONCE }, (_, client) => signInLoop(client));
  // Let the hash queue fill before the visitors come.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const viewLoops = Array.from({ length: VIEWERS }, (_, viewer) => viewLoop(viewer));
  await new Promise((resolve) => setTimeout(resolve, DURATION_MS));
  running = false;
  await Promise.all([...signInLoops, ...viewLoops]);
  if (failures.length > 0) throw new Error(failures[0]);

  latencies.sort((a, b) => a - b);
  const p99 = percentile(latencies, 0.99);
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  record(
    `/leaderboard and /favicon.svg while ${SIGN_INS_AT_ONCE} sign-ins run: p99 (median, max)`,
    "< 500 ms",
    `${ms(p99)} (${ms(percentile(latencies, 0.5))}, ${ms(latencies.at(-1) ?? 0)})`,
    p99 < 500,
  );
  record(
    `sign-ins completed while ${SIGN_INS_AT_ONCE} run at once`,
    "none",
    `${(signIns / ((DURATION_MS + 1000) / 1000)).toFixed(1)} per second`,
    null,
  );
}
