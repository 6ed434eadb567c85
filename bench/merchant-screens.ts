/**
 * Merchant screens case (issue 30): Lighthouse, desktop and mobile presets, on /app/dashboard,
 * /app/feedback and /app/schedule of the demo store, signed in as the demo merchant. The product is
 * started as the browser tests start it (tests/e2e/support/server.ts: `src/server/main.ts`, a fresh
 * embedded database, demo mode), serving the built web app (dist/web); the session cookie of a real
 * sign-in is handed to Lighthouse as an extra header. Chromium is Debian's (CHROME_PATH, default
 * /usr/bin/chromium), headless and without its sandbox (the bench runs as root).
 *
 * Aims (decision 039): accessibility 100 on each screen and preset; on mobile performance ≥ 95, LCP
 * < 1.5 s and total blocking time < 200 ms; on desktop performance 100.
 * LIGHTHOUSE_RUNS (default 3) runs per screen and preset; the median scored run by performance is printed.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { demoSessionCookie } from '#tests/e2e/support/flows';
import { startApp } from '#tests/e2e/support/server';

export const LIGHTHOUSE_SCREENS = ['/app/dashboard', '/app/feedback', '/app/schedule'] as const;
const AIMS = { performance: { mobile: 95, desktop: 100 }, accessibility: 100, mobileLcpMs: 1500, mobileTbtMs: 200 };

export interface ScreenScore {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Accessibility audits that failed, with the elements they name (what to fix). */
  failedAccessibility: string[];
  /** The performance opportunities worth more than 50 ms, largest first. */
  opportunities: string[];
  /** The elements that moved, with their share of the layout shift. */
  shifts: string[];
  /** The longest main-thread tasks (what blocking time is made of), longest first, as Lighthouse's long-tasks audit lists them. */
  longTasks: string[];
  /**
   * Lighthouse's measure of the host's CPU (`environment.benchmarkIndex`, higher is faster): mobile
   * figures are simulated on a CPU four times slower than the host's, so a slow or busy host lowers them.
   */
  hostCpuIndex: number;
  /** Why Lighthouse could not score the run (its performance then reads 0), when it says. */
  problem?: string;
}

export function scoreOf(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']): ScreenScore {
  const audits = Object.values(lhr.audits);
  const accessibilityIds = new Set((lhr.categories.accessibility?.auditRefs ?? []).filter((ref) => ref.weight > 0).map((ref) => ref.id));
  const failedAccessibility = audits
    .filter((audit) => accessibilityIds.has(audit.id) && audit.score !== null && audit.score < 1)
    .map((audit) => {
      const items = ((audit.details as { items?: { node?: { selector?: string; snippet?: string } }[] } | undefined)?.items ?? []).slice(0, 4);
      return `${audit.id}: ${items.map((item) => item.node?.selector ?? item.node?.snippet ?? '?').join(' | ')}`;
    });
  const opportunities = audits
    .filter((audit) => audit.details?.type === 'opportunity' && (audit.numericValue ?? 0) > 50)
    .sort((a, b) => (b.numericValue ?? 0) - (a.numericValue ?? 0))
    .map((audit) => `${audit.id} ${Math.round(audit.numericValue ?? 0)} ms`);
  const shiftItems = (lhr.audits['layout-shifts']?.details as { items?: { node?: { selector?: string }; score?: number }[] } | undefined)?.items ?? [];
  const shifts = shiftItems.slice(0, 4).map((item) => `${item.node?.selector ?? '?'} ${(item.score ?? 0).toFixed(3)}`);
  const taskItems = (lhr.audits['long-tasks']?.details as { items?: { url?: string; duration?: number }[] } | undefined)?.items ?? [];
  // A task's url is its script's (or the page's), or a word such as "Unattributable".
  const where = (url: string | undefined) => (url && URL.canParse(url) ? new URL(url).pathname : (url ?? '?'));
  const longTasks = taskItems.slice(0, 3).map((item) => `${where(item.url)} ${Math.round(item.duration ?? 0)} ms`);
  const problem = lhr.runtimeError?.message ?? lhr.audits['largest-contentful-paint']?.errorMessage ?? lhr.audits['first-contentful-paint']?.errorMessage;
  return {
    ...(problem ? { problem } : {}),
    shifts,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
    failedAccessibility,
    opportunities,
    longTasks,
    hostCpuIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

export async function benchMerchantScreens(runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3)) {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const app = await startApp({ DEMO_MODE: 'true', LOG_LEVEL: 'error' });
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const cookie = await demoSessionCookie(app.url);
    for (const preset of ['desktop', 'mobile'] as const) {
      for (const path of LIGHTHOUSE_SCREENS) {
        const flags: Flags = { port: chrome.port, onlyCategories: ['performance', 'accessibility'], logLevel: 'error', output: 'json', extraHeaders: { cookie } };
        const scores: ScreenScore[] = [];
        for (let i = 0; i < runs; i++) {
          const result = await lighthouse(`${app.url}${path}`, flags, preset === 'desktop' ? desktopConfig : undefined);
          if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
          // Signed out (a cookie refused) would measure the sign-in page instead: say so rather than print its figures.
          if (new URL(result.lhr.finalDisplayedUrl).pathname !== path) throw new Error(`${path} ended on ${result.lhr.finalDisplayedUrl}: not signed in?`);
          scores.push(scoreOf(result.lhr));
        }
        // The median of the runs Lighthouse could score (an unscored run reads 0 and no LCP).
        const scored = scores.some((score) => !score.problem) ? scores.filter((score) => !score.problem) : scores;
        const median = [...scored].sort((a, b) => a.performance - b.performance)[Math.floor(scored.length / 2)]!;
        const lcpAim = preset === 'mobile' ? ` (aim < ${(AIMS.mobileLcpMs / 1000).toFixed(1)} s)` : '';
        const tbtAim = preset === 'mobile' ? ` (aim < ${AIMS.mobileTbtMs} ms)` : '';
        const performanceAim = preset === 'mobile' ? `≥ ${AIMS.performance.mobile}` : `${AIMS.performance.desktop}`;
        console.log(
          `[web] lighthouse ${preset.padEnd(7)} ${path.padEnd(15)} performance ${scores.map((s) => (s.problem ? '–' : s.performance)).join('/')} (aim ${performanceAim})  ` +
            `accessibility ${scores.map((s) => (s.problem ? '–' : s.accessibility)).join('/')} (aim ${AIMS.accessibility})  ` +
            `LCP ${(median.lcpMs / 1000).toFixed(2)} s${lcpAim}  CLS ${median.cls.toFixed(3)}  TBT ${Math.round(median.tbtMs)} ms${tbtAim}  host CPU index ${median.hostCpuIndex}`,
        );
        for (const [run, score] of scores.entries()) if (score.problem) console.log(`      run ${run + 1} not scored: ${score.problem}`);
        for (const failed of median.failedAccessibility) console.log(`      accessibility: ${failed}`);
        if (median.performance < AIMS.performance[preset] || (preset === 'mobile' && median.tbtMs >= AIMS.mobileTbtMs)) {
          for (const opportunity of median.opportunities) console.log(`      opportunity: ${opportunity}`);
          for (const task of median.longTasks) console.log(`      long task: ${task}`);
        }
        if (median.cls > 0.1) for (const shift of median.shifts) console.log(`      layout shift: ${shift}`);
      }
    }
  } finally {
    await chrome.kill();
    await app.stop();
  }
}
