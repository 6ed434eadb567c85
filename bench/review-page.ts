/**
 * Review page case: Lighthouse (mobile, simulated throttling) on a real /review/{token} page of a
 * branded store, served by the product. Aim: performance and accessibility at least 95.
 */
import { serve } from '@hono/node-server';
import { randomUUID } from 'node:crypto';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as schema from '#db/schema';
import { createApp } from '#server/app';
import type { AppContext } from '#server/context';
import { newPublicToken } from '#server/security/tokens';

async function seedReviewPage(ctx: AppContext): Promise<string> {
  const userId = randomUUID();
  await ctx.db.insert(schema.user).values({ id: userId, name: 'Bench', email: `${userId}@bench.test` });
  const [store] = await ctx.db
    .insert(schema.shopifyStores)
    .values({ userId, shopDomain: `review-${userId.slice(0, 8)}.myshopify.com`, shopName: 'Maison Lumière', subscriptionStatus: 'active' })
    .returning();
  await ctx.db.insert(schema.storeBranding).values({ shopId: store!.id });
  await ctx.db.insert(schema.storeCustomization).values({ shopId: store!.id, pageTitle: 'Votre avis compte pour nous', pageDescription: 'Comment s’est passée votre commande ?' });
  const token = newPublicToken();
  await ctx.db.insert(schema.shopifyReviewRequests).values({
    userId,
    shopId: store!.id,
    customerEmail: 'lea.dubois@exemple.test',
    customerName: 'Léa Dubois',
    status: 'sent',
    scheduledAt: new Date(),
    token,
  });
  return token;
}

export async function benchReviewPage(label: string, ctx: AppContext) {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const token = await seedReviewPage(ctx);
  const server = await new Promise<{ url: string; close(): Promise<void> }>((resolve) => {
    const s = serve({ fetch: createApp(ctx).fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => new Promise((r) => s.close(() => r())) }),
    );
  });
  const url = `${server.url}/review/${token}`;
  const bytes = (await (await fetch(url)).arrayBuffer()).byteLength;
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const runs = [];
    for (let i = 0; i < 3; i++) {
      const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance', 'accessibility'], logLevel: 'error', output: 'json' });
      const lhr = result!.lhr;
      runs.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
      });
    }
    const worst = runs.reduce((a, b) => (b.performance < a.performance ? b : a));
    console.log(
      `[${label}] review page lighthouse mobile: performance ${runs.map((r) => r.performance).join('/')}  accessibility ${runs.map((r) => r.accessibility).join('/')}  ` +
        `LCP ${(worst.lcp / 1000).toFixed(2)} s  CLS ${worst.cls.toFixed(3)}  HTML ${bytes} B  (aim ≥ 95 and ≥ 95)`,
    );
  } finally {
    await chrome.kill();
    await server.close();
  }
}
