/**
 * Storefront case (issue 32, decisions 028 and 043): Lighthouse, desktop and mobile presets, on the
 * local Shopify's storefront page of the demo shop (its own origin, `maison-lumiere.myshopify.localhost`,
 * with the block's script async in <head> as Shopify loads it) with the « Avis et notes » block and the
 * badge added through the theme editor's deep links, as a merchant adds them. The product starts as the browser
 * tests start it (demo mode: the demo store has about three months of reviews of every rating); the
 * case waits until the storefront shows the reviews (the app-data metafield is written by a debounced
 * job), then measures.
 *
 * The demo's two newest reviews carry photos (three thumbnails, decision 058): the case waits for them
 * too, so photo reviews are measured.
 *
 * Aims: CLS 0 (the block reserves its space, thumbnails included; « Voir plus » is not measured here,
 * the browser test covers it), accessibility 100, performance ≥ 95.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { startApp } from '#tests/e2e/support/server';
import { getOnThisMachine } from '#tests/support/local-host';
import { demoSessionCookie } from '#tests/e2e/support/flows';
import { scoreOf, type ScreenScore } from './merchant-screens';

const AIMS = { performance: 95, accessibility: 100, cls: 0 };

/** The demo merchant's theme editor links (GET /api/storefront), opened as the merchant's browser would. */
async function addBlockAndBadge(baseUrl: string, cookie: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/storefront`, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET /api/storefront answered ${res.status}: ${await res.text()}`);
  const info = (await res.json()) as { shop_domain: string; block_editor_url: string; embed_editor_url: string };
  for (const link of [info.block_editor_url, info.embed_editor_url]) {
    const editor = await fetch(link);
    const text = await editor.text();
    if (!editor.ok || !text.includes('Ajouté au thème')) throw new Error(`the theme editor refused ${link}: ${editor.status} ${text.slice(0, 300)}`);
  }
  const shop = await fetch(`${baseUrl}/_shopify/control/shops/${info.shop_domain}`);
  return ((await shop.json()) as { shop: { storefrontUrl: string } }).shop.storefrontUrl;
}

/** The storefront once the block lists reviews with their photos (the metafield written), within a minute; answers the thumbnails' count. */
async function waitForReviews(url: string): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    // Read as a client that fetches no script (Node, with the storefront's host: it resolves no *.localhost).
    const page = (await getOnThisMachine(url)).body;
    const thumbnails = page.match(/data-avis-photo/g)?.length ?? 0;
    if (page.includes('data-avis-badge') && page.includes('class="avis-clients__avis"') && thumbnails > 0) return thumbnails;
    if (Date.now() > deadline) throw new Error(`the storefront showed no review within 60 s:\n${page.slice(0, 1500)}`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

export async function benchStorefront(runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3)) {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const app = await startApp({ DEMO_MODE: 'true', LOG_LEVEL: 'error' });
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const url = await addBlockAndBadge(app.url, await demoSessionCookie(app.url));
    const thumbnails = await waitForReviews(url);
    console.log(`[web] storefront with ${thumbnails} photo thumbnails in the block`);
    for (const preset of ['desktop', 'mobile'] as const) {
      const flags: Flags = { port: chrome.port, onlyCategories: ['performance', 'accessibility'], logLevel: 'error', output: 'json' };
      const scores: ScreenScore[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
        if (!result) throw new Error('Lighthouse gave no result for the storefront');
        scores.push(scoreOf(result.lhr));
      }
      const median = [...scores].sort((a, b) => a.performance - b.performance)[Math.floor(scores.length / 2)]!;
      const worstCls = Math.max(...scores.map((s) => s.cls));
      console.log(
        `[web] lighthouse ${preset.padEnd(7)} storefront      CLS ${scores.map((s) => s.cls.toFixed(3)).join('/')} (aim ${AIMS.cls})  ` +
          `performance ${scores.map((s) => s.performance).join('/')} (aim ≥ ${AIMS.performance})  ` +
          `accessibility ${scores.map((s) => s.accessibility).join('/')} (aim ${AIMS.accessibility})  ` +
          `LCP ${(median.lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(median.tbtMs)} ms`,
      );
      for (const failed of median.failedAccessibility) console.log(`      accessibility: ${failed}`);
      if (worstCls > 0) for (const shift of scores.find((s) => s.cls === worstCls)!.shifts) console.log(`      layout shift: ${shift}`);
    }
  } finally {
    await chrome.kill();
    await app.stop();
  }
}
