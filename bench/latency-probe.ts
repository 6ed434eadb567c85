/**
 * Probe for the template cases, run as its own process so its clock is not the server's event loop:
 * GET one URL (/health, another store's review page) every 20 ms for a number of seconds; prints the
 * latencies' p50, p99 and maximum as JSON, and every latency (`samples`, for pooling phases).
 * - closed (default): one request at a time, the next 20 ms after the previous answer;
 * - open: one request every 20 ms whether the previous answered or not, as independent customers
 *   arrive. A stall of the server then shows in every request it holds, not in one (a closed probe
 *   waits through it and sends nothing meanwhile: coordinated omission).
 * Usage: tsx bench/latency-probe.ts <url> <seconds> [closed|open]
 */
import { Agent, request } from 'node:http';

const [url, seconds, mode = 'closed'] = process.argv.slice(2) as [string, string, string?];
// Open: a connection per request, as separate customers have (no race with the server closing an idle one).
const agent = new Agent(mode === 'open' ? { keepAlive: false } : { keepAlive: true, maxSockets: 1 });

function once(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode && res.statusCode < 500 ? resolve(performance.now() - started) : reject(new Error(`status ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

const latencies: number[] = [];
let errors = 0;
const record = (probe: Promise<number>) =>
  probe.then(
    (latency) => void latencies.push(latency),
    () => void errors++,
  );
const until = performance.now() + Number(seconds) * 1000;
const pending: Promise<void>[] = [];
while (performance.now() < until) {
  if (mode === 'open') pending.push(record(once()));
  else await record(once());
  await new Promise((resolve) => setTimeout(resolve, 20));
}
await Promise.all(pending);
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
console.log(JSON.stringify({ count: latencies.length, errors, p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? NaN, samples: latencies }));
