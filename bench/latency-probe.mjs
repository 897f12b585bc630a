// One client's latency, in a process of its own (bench/run.ts "http"): the bench's process holds
// the payloads and the fake provider, and its own garbage collection would be timed as the
// server's. Prints the sorted timings (ms) of `count` sequential requests after `warmup` more.
// Each answer is read to its last byte as sent (gzip), not decoded: fetch decodes on the thread
// pool, which on two cores added 4-5 ms to the slowest answers of a server that does nothing
// (docs/decisions/0110).
import { request } from "undici";

const [url, count = "250", warmup = "50"] = process.argv.slice(2);
const timings = [];
for (let i = 0; i < Number(warmup) + Number(count); i += 1) {
  const started = performance.now();
  const answer = await request(url, { headers: { "accept-encoding": "gzip" } });
  if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
  await answer.body.arrayBuffer();
  if (i >= Number(warmup)) timings.push(performance.now() - started);
}
console.log(JSON.stringify(timings.sort((a, b) => a - b)));
