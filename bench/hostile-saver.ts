/**
 * The hostile store's client for bench/template-neighbours.ts, run as its own process over HTTP as an
 * attacker's would be: its own requests' CPU (building them, reading the answers) is not the server's
 * event loop, only the server's answering them is. Keeps `saves` template saves in flight for a number
 * of seconds, each answered one followed by another at once, and a save refused for the store's full
 * queue (429 template_queue_full) tried again after its Retry-After. Prints the answers' counts as JSON.
 * Usage: tsx bench/hostile-saver.ts <url> <cookie> <origin> <saves> <seconds>   (the body on stdin)
 */
import { Agent, request } from 'node:http';
import { text } from 'node:stream/consumers';

const [url, cookie, origin, saves, seconds] = process.argv.slice(2) as [string, string, string, string, string];
const body = await text(process.stdin);
const agent = new Agent({ keepAlive: true, maxSockets: Number(saves) });
const counts = { refused: 0, queueFull: 0, other: 0, others: {} as Record<string, number> };

function save(): Promise<{ status: number; code?: string; retryAfter: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, method: 'PUT', headers: { cookie, origin, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      void text(res).then((answer) => {
        let code: string | undefined;
        try {
          code = (JSON.parse(answer) as { code?: string }).code;
        } catch {
          code = undefined;
        }
        resolve({ status: res.statusCode ?? 0, code, retryAfter: Number(res.headers['retry-after'] ?? 1) });
      }, reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const until = performance.now() + Number(seconds) * 1000;
await Promise.all(
  Array.from({ length: Number(saves) }, async () => {
    while (performance.now() < until) {
      const answer = await save().catch(() => ({ status: 0, code: undefined, retryAfter: 1 }));
      if (answer.status === 422) counts.refused++;
      else if (answer.status === 429 && answer.code === 'template_queue_full') {
        counts.queueFull++;
        await new Promise((resolve) => setTimeout(resolve, answer.retryAfter * 1000));
      } else {
        counts.other++;
        counts.others[answer.status] = (counts.others[answer.status] ?? 0) + 1;
      }
    }
  }),
);
agent.destroy();
console.log(JSON.stringify(counts));
