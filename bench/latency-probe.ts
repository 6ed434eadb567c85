/**
 * Probe for the template sandbox case, run as its own process so its clock is not the server's event
 * loop: GET /health one request at a time, every 20 ms, for a number of seconds; prints the
 * latencies' p50, p99 and maximum as JSON.
 * Usage: tsx bench/health-probe.ts <url> <seconds>
 */
import { Agent, request } from 'node:http';

const [url, seconds] = process.argv.slice(2) as [string, string];
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

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
const until = performance.now() + Number(seconds) * 1000;
while (performance.now() < until) {
  try {
    latencies.push(await once());
  } catch {
    errors++;
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
}
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
console.log(JSON.stringify({ count: latencies.length, errors, p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? NaN }));
