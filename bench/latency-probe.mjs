// One client's latency, in a process of its own (bench/run.ts "http"): the bench's process holds
// the payloads and the fake provider, and its own garbage collection would be timed as the
// server's. Prints the sorted timings (ms) of `count` sequential requests after `warmup` more.
const [url, count = "250", warmup = "50"] = process.argv.slice(2);
const timings = [];
for (let i = 0; i < Number(warmup) + Number(count); i += 1) {
  const started = performance.now();
  const response = await fetch(url, { headers: { "Accept-Encoding": "gzip" } });
  await response.arrayBuffer();
  if (i >= Number(warmup)) timings.push(performance.now() - started);
}
console.log(JSON.stringify(timings.sort((a, b) => a - b)));
