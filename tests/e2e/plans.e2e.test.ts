/**
 * Plans and quota (issue 16) in Chromium, on a laptop (1280×800) and a phone (390×844), with axe
 * on every screen: the quota banner of a store at 85 % of its quota on the dashboard and the send
 * calendar, /app/plans, /app/subscription-plans and the account's Abonnement tab; a plan change
 * declined, then approved, on the local Shopify's confirmation page, and the new plan shown.
 *
 * The usage is seeded in the test database before the app starts: the demo data (as the app's demo
 * mode writes it, by the same function), with this period's sends raised to 85 % of the Pro quota.
 * The embedded database admits one process, so this happens before the app opens it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#db/client';
import { migrateDatabase } from '#db/migrate';
import { shopPlans, shopUsage } from '#db/schema';
import { DEMO_ACCOUNT, seedDemo } from '#server/demo/seed-demo';
import { MONTH_METRIC } from '#server/plans/quota';
import { expectNoViolation, PHONE } from './support/browser';
import { DEMO, signIn } from './support/flows';
import { browserSuite } from './support/suite';

const LAPTOP = { width: 1280, height: 800 };
const DEVICES = [
  ['a laptop', LAPTOP],
  ['a phone', PHONE],
] as const;
/** This period's sends, as a share of the demo store's Pro quota (3 000). */
const USED_SHARE = 0.85;

// Registered before the suite's own hooks, so it runs before the app starts (and is removed after it stops).
const dataDir = mkdtempSync(join(tmpdir(), 'avis-e2e-plans-'));
beforeAll(async () => {
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrateDatabase(handle);
    await seedDemo(handle.db);
    const [plan] = await handle.db.select().from(shopPlans).where(eq(shopPlans.shopDomain, DEMO_ACCOUNT.shopDomain));
    expect(plan?.emailsQuota).toBe(3000);
    const value = Math.round(plan!.emailsQuota! * USED_SHARE);
    await handle.db
      .insert(shopUsage)
      .values({ shopDomain: DEMO_ACCOUNT.shopDomain, periodStart: plan!.periodStart, metric: MONTH_METRIC, value })
      .onConflictDoUpdate({ target: [shopUsage.shopDomain, shopUsage.periodStart, shopUsage.metric], set: { value } });
    const [usage] = await handle.db
      .select()
      .from(shopUsage)
      .where(and(eq(shopUsage.shopDomain, DEMO_ACCOUNT.shopDomain), eq(shopUsage.metric, MONTH_METRIC)));
    expect(usage?.value).toBe(2550);
  } finally {
    await handle.close();
  }
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Demo mode on the seeded directory: the demo merchant, its shop installed on the local Shopify.
const suite = browserSuite({ DEMO_MODE: 'true', DATA_DIR: dataDir });

async function signInTo(page: Page, path: string, title: string) {
  await signIn(page, suite.app.url, DEMO.email, DEMO.password, path);
  await page.waitForURL(`${suite.app.url}${path}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

const plansList = (page: Page) => page.getByRole('list', { name: 'Plans disponibles' });
const planCard = (page: Page, name: string | RegExp) => plansList(page).getByRole('listitem', { name });

describe('the quota banner', () => {
  for (const [device, viewport] of DEVICES) {
    it(`warns on the dashboard and the send calendar of a store at 85 % of its quota, on ${device}`, async () => {
      const { page } = await suite.page(viewport);
      await signInTo(page, '/app/dashboard', 'Tableau de bord');
      const banner = page.getByRole('region', { name: 'Quota bientôt atteint' });
      await banner.waitFor();
      await banner.getByText(/Vous avez utilisé 2[\s\u202f]550 e-mails sur 3[\s\u202f]000 \(85[\s\u202f]%\)/).waitFor();
      expect(await page.getByRole('alert').filter({ hasText: 'Quota' }).count()).toBe(0);
      await expectNoViolation(page);

      await page.goto(`${suite.app.url}/app/schedule`);
      await page.getByRole('heading', { level: 1, name: 'Calendrier d’envoi' }).waitFor();
      await page.getByRole('region', { name: 'Quota bientôt atteint' }).waitFor();
      await page.getByText('Chargement des demandes d’avis…').waitFor({ state: 'hidden' });
      await expectNoViolation(page);

      // 'Changer de plan' leads to /app/plans.
      await page.getByRole('region', { name: 'Quota bientôt atteint' }).getByRole('link', { name: 'Changer de plan' }).click();
      await page.waitForURL(`${suite.app.url}/app/plans`);
      await planCard(page, 'Pro Plan actuel').waitFor();
    });
  }
});

describe('the plan screens', () => {
  for (const [device, viewport] of DEVICES) {
    it(`/app/plans shows the plans of the price list, the current one and this period's usage, on ${device}`, async () => {
      const { page } = await suite.page(viewport);
      await signInTo(page, '/app/plans', 'Plans d’abonnement');
      await planCard(page, 'Pro Plan actuel').waitFor();
      expect(
        await plansList(page)
          .getByRole('listitem', { name: /^(Starter|Pro|Entreprise)/ })
          .count(),
      ).toBe(3);
      const usage = page.getByRole('region', { name: 'Votre plan' });
      await usage.getByText(/^2[\s\u202f]550 \/ 3[\s\u202f]000 e-mails$/).waitFor();
      expect(await usage.getByRole('meter').getAttribute('data-level')).toBe('yellow');
      // The quota's period and Shopify's billing cycle, each named (decision 045).
      await usage.getByText(/^Période d’envoi du (1er|\d{1,2}) \p{L}+ \d{4} au (1er|\d{1,2}) \p{L}+ \d{4}$/u).waitFor();
      await usage.getByText(/^Facturation Shopify\s: cycle en cours jusqu’au (1er|\d{1,2}) \p{L}+ \d{4}$/u).waitFor();
      await expectNoViolation(page);
    });

    it(`/app/subscription-plans says 'Choisissez votre plan' over the same plans, on ${device}`, async () => {
      const { page } = await suite.page(viewport);
      await signInTo(page, '/app/subscription-plans', 'Plans d’abonnement');
      const section = page.getByRole('region', { name: 'Choisissez votre plan' });
      await section.getByRole('listitem', { name: 'Pro Plan actuel' }).waitFor();
      await section.getByRole('button', { name: 'Choisir Starter' }).waitFor();
      await expectNoViolation(page);
    });
  }
});

describe('changing plan on the local Shopify', () => {
  it('declined on the confirmation page: the store keeps its plan', async () => {
    const { page } = await suite.page(LAPTOP);
    await signInTo(page, '/app/plans', 'Plans d’abonnement');
    await page.getByRole('button', { name: 'Changer de plan pour Entreprise' }).click();
    await page.waitForURL(/\/_shopify\/.*charges/);
    await page.getByRole('button', { name: 'Refuser' }).click();
    // Like Shopify: a declined charge goes back to the shop's admin, not to the app.
    await page.getByText('Vous avez refusé le paiement').waitFor();

    await page.goto(`${suite.app.url}/app/plans`);
    await planCard(page, 'Pro Plan actuel').waitFor();
    await planCard(page, 'Entreprise').waitFor();
  });

  it('approved on the confirmation page: back in the app, the new plan is the current one', async () => {
    const { page } = await suite.page(LAPTOP);
    await signInTo(page, '/app/plans', 'Plans d’abonnement');
    await page.getByRole('button', { name: 'Changer de plan pour Entreprise' }).click();
    await page.waitForURL(/\/_shopify\/.*charges/);
    await page.getByRole('heading', { name: "Approuver l'abonnement" }).waitFor();
    await page.getByRole('button', { name: 'Approuver' }).click();
    await page.waitForURL(/\/app\/dashboard/);
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    // A change of plan, named, never announced as an install (decision 045).
    await page.getByText(/vous êtes désormais sur le plan Entreprise\./).waitFor();
    expect(await page.getByText('Votre boutique est connectée et votre abonnement est activé.').count()).toBe(0);
    // Unlimited now: the banner says so, with this month's sends.
    const banner = page.getByRole('region', { name: 'Plan Entreprise – e-mails illimités' });
    await banner.getByText(/^\d[\d\s\u202f]* e-mails? envoyés? ce mois-ci$/).waitFor();
    await expectNoViolation(page);

    await page.goto(`${suite.app.url}/app/plans`);
    await planCard(page, 'Entreprise Plan actuel').waitFor();
    await page.getByRole('region', { name: 'Votre plan' }).getByText('E-mails illimités').waitFor();
    await page.getByRole('button', { name: 'Changer de plan pour Pro' }).waitFor();
    await expectNoViolation(page);

    // 'Synchroniser' re-reads the subscription on the local Shopify: the plan stays.
    await page.getByRole('button', { name: 'Synchroniser' }).click();
    await page.getByText('Plan synchronisé avec succès').waitFor();
    await planCard(page, 'Entreprise Plan actuel').waitFor();
  });
});

describe('the account page', () => {
  for (const [device, viewport] of DEVICES) {
    it(`shows 'Actif', the plan and its usage in the Abonnement tab (after a silent sync), on ${device}`, async () => {
      const { page } = await suite.page(viewport);
      await signInTo(page, '/app/account-settings?tab=subscription', 'Paramètres du compte');
      const panel = page.getByRole('tabpanel', { name: 'Abonnement' });
      await panel.getByText('Actif', { exact: true }).waitFor();
      await panel.getByText('Entreprise', { exact: true }).waitFor();
      await panel.getByText('E-mails illimités').waitFor();
      await panel.getByRole('link', { name: 'Changer de plan' }).waitFor();
      await expectNoViolation(page);
    });
  }
});
