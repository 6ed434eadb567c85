/**
 * Template sandbox case (issue 28, decision 019): /health's latency, measured from another process,
 * alone; while six merchants load and save a plain template over and over (what the editor costs
 * anyway); then while they load a hostile one (every Liquid field a loop beyond the time limit, the
 * body the capture doubling) and try to save the capture doubling. Before the sandbox, six such
 * loads made /health wait seconds (bench/results/decision-019-template-sandbox.md). Aim: p99 < 50 ms.
 * TEMPLATE_BENCH_SECONDS (default 10) sets how long each of the three phases lasts.
 */
import { spawn } from 'node:child_process';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import * as schema from '#db/schema';
import { createApp } from '#server/app';
import type { AppContext } from '#server/context';
import { HOSTILE } from '#tests/support/hostile-templates';
import type { Browserish } from '#tests/support/http';
import { world, type StoreWorld } from '#tests/support/world';

const MERCHANTS = 6;
const seconds = Number(process.env.TEMPLATE_BENCH_SECONDS ?? 10);

export interface Latencies {
  count: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
  /** Every latency, in order. */
  samples: number[];
}

/** Runs bench/latency-probe.ts in its own process on `url` for TEMPLATE_BENCH_SECONDS (`open`: one request every 20 ms, answered or not). */
export function probeLatency(url: string, mode: 'closed' | 'open' = 'closed') {
  return new Promise<Latencies>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/latency-probe.ts', url, String(seconds), mode], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`latency probe exited ${code}`))));
  });
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;

export async function benchTemplateSandbox(label: string, ctx: AppContext) {
  const app = createApp(ctx);
  const server = await new Promise<{ url: string; close(): Promise<void> }>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => new Promise((r) => s.close(() => r())) }),
    );
  });
  const merchants: StoreWorld<Browserish>[] = [];
  for (let i = 0; i < MERCHANTS; i++)
    merchants.push(
      await world(ctx.db)
        .signedIn(app)
        .store({ shopName: `Boutique ${i}` }),
    );
  const alone = await probeLatency(`${server.url}/health`);

  /** Every merchant loads its editor (and one time in three saves) over and over while /health is probed. */
  const underLoad = async (saveBody: string) => {
    let running = true;
    const counts = { previews: 0, saves: 0, refused: 0, other: 0 };
    const editors = merchants.map(async ({ browser }, i) => {
      for (let n = 0; running; n++) {
        const save = (n + i) % 3 === 0;
        const res = save
          ? await browser.request('/api/email-templates/active', {
              method: 'PUT',
              json: { subject: 'Avis', body_content: saveBody, button_text: 'Avis', button_url_template: '{{ review_link }}', button_color: '#10b981' },
            })
          : await browser.request('/api/email-templates/active');
        await res.arrayBuffer();
        if (save && res.status === 200) counts.saves++;
        else if (save && res.status === 422) counts.refused++;
        else if (!save && res.status === 200) counts.previews++;
        else counts.other++;
      }
    });
    const health = await probeLatency(`${server.url}/health`);
    running = false;
    await Promise.all(editors);
    return { health, counts };
  };

  // The same load on a plain template: what the editor costs the server anyway (on PGlite the
  // database runs on the server's thread too).
  const plain = await underLoad('Merci {{ customer_name }} pour votre commande {{ order_number }} !');

  for (const merchant of merchants) {
    // Saved before the limits existed: what a hostile store may already hold. Every Liquid field
    // loops past the time limit; the body doubles a string with {% capture %}.
    await ctx.db
      .update(schema.emailTemplates)
      .set({
        subject: HOSTILE.nestedLoops,
        bodyContent: HOSTILE.captureDoubling,
        buttonText: HOSTILE.nestedLoops,
        buttonUrlTemplate: HOSTILE.nestedLoops,
        footerText: HOSTILE.nestedLoops,
        reminderSubject: HOSTILE.nestedLoops,
        reminderFirstLine: HOSTILE.nestedLoops,
      })
      .where(eq(schema.emailTemplates.shopId, merchant.store.id));
    await merchant.customization({ emailGreeting: HOSTILE.nestedLoops, emailClosing: HOSTILE.nestedLoops });
  }
  const calls = ctx.templates.stats.calls;
  const hostile = await underLoad(HOSTILE.captureDoubling);
  await server.close();

  const line = (name: string, h: typeof alone) =>
    `[${label}] /health ${name.padEnd(16)} p50 ${ms(h.p50)}  p99 ${ms(h.p99)}  max ${ms(h.max)}  (${h.count} probes, errors ${h.errors})`;
  console.log(line('alone', alone));
  console.log(`${line('plain editors', plain.health)}  ${MERCHANTS} merchants: ${plain.counts.previews} previews, ${plain.counts.saves} saves`);
  console.log(
    `${line('hostile editors', hostile.health)}  ${MERCHANTS} merchants: ${hostile.counts.previews} hostile previews answered, ${hostile.counts.refused} hostile saves refused, ` +
      `${hostile.counts.other} other answers; sandbox ${ctx.templates.stats.calls - calls} calls, ${ctx.templates.stats.timedOut} killed past the deadline  (aim p99 < 50 ms)`,
  );
}
