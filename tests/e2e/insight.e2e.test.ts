/**
 * What the merchant sees of their reviews (issue 14), in Chromium on a desktop and a phone, with axe
 * on every state: the dashboard (install message, period in the URL, funnel, reviews over time,
 * representativeness), and the reviews list (search without case or accents, filters, the CSV
 * export of what the search selects, the share-link modal's copy).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, PHONE } from './support/browser';
import { DEMO, signIn } from './support/flows';
import { browserSuite } from './support/suite';

// Demo mode: a merchant with a connected shop on an active plan and a history of reviews.
const suite = browserSuite({ DEMO_MODE: 'true' });

/** A customer leaves a review through a shared link, as they would on their phone. */
async function leaveReview(merchant: Page, review: { rating: number; name: string; email: string; comment: string }) {
  const url = await merchant.evaluate(async () => {
    const res = await fetch('/api/review-requests/share-link', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    return ((await res.json()) as { url: string }).url;
  });
  const { page: phone } = await suite.page(PHONE);
  await phone.goto(url);
  await phone.locator(`label[for=r${review.rating}]`).click();
  await phone.getByLabel('Votre nom').fill(review.name);
  await phone.getByLabel('Votre adresse e-mail').fill(review.email);
  await phone.getByLabel('Votre commentaire (facultatif)').fill(review.comment);
  await phone.getByRole('button', { name: 'SUIVANT' }).click();
  await phone.getByRole('heading', { name: 'Merci pour votre avis !' }).waitFor();
}

describe('the dashboard', () => {
  it('after the install: a success message for 5 s, the parameters gone from the URL', async () => {
    const { page } = await suite.page();
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/dashboard?shopify=success&subscription=activated');
    const message = page.getByText('Votre boutique est connectée et votre abonnement est activé.');
    await message.waitFor();
    await page.waitForURL(`${suite.app.url}/app/dashboard`);
    await expectAccessible(page);
    await message.waitFor({ state: 'detached', timeout: 8_000 });
  });

  for (const [device, viewport] of [
    ['a desktop', DESKTOP],
    ['a phone', PHONE],
  ] as const) {
    it(`shows the period's figures, funnel, reviews over time and representativeness on ${device}`, async () => {
      const { page } = await suite.page(viewport);
      await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/dashboard');
      await page.waitForURL(`${suite.app.url}/app/dashboard`);
      for (const section of ['Répartition des notes', 'Derniers avis', 'Parcours des invitations', 'Avis reçus dans le temps', 'Qui laisse un avis public ?']) {
        await page.getByRole('region', { name: section }).waitFor();
      }
      // The demo's history: e-mails sent in the last 30 days, some opened (said to be an estimate).
      const funnel = page.getByRole('region', { name: 'Parcours des invitations' });
      await funnel.getByText(/^Taux de réponse\s: \d+\s%$/).waitFor();
      await funnel.getByText(/Les ouvertures sont une estimation/).waitFor();
      await page.getByRole('table', { name: 'Notes par étape' }).waitFor();
      await expectAccessible(page);

      const periods = page.getByRole('group', { name: 'Période' });
      await periods.getByRole('button', { name: '90 jours' }).click();
      await page.waitForURL(/\?period=90days$/);
      await page.getByRole('img', { name: /^Avis reçus par semaine\s: / }).waitFor();
      expect(await periods.getByRole('button', { name: '90 jours' }).getAttribute('aria-pressed')).toBe('true');
      // The period survives a reload: it lives in the URL.
      await page.reload();
      await page.getByRole('img', { name: /^Avis reçus par semaine\s: / }).waitFor();
      expect(await page.getByRole('group', { name: 'Période' }).getByRole('button', { name: '90 jours' }).getAttribute('aria-pressed')).toBe('true');
      await periods.getByRole('button', { name: '7 jours' }).click();
      await page.waitForURL(/\?period=7days$/);
      await expectAccessible(page);
    });
  }
});

describe('the reviews list', () => {
  it('finds a new review by a name typed without accents, filters it, exports it to CSV and shares the review link', async () => {
    const { page, context } = await suite.page();
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/feedback');
    await page.getByRole('heading', { level: 1, name: 'Avis clients' }).waitFor();
    await leaveReview(page, { rating: 5, name: 'Zoé Ébène', email: 'zoe.ebene@exemple.test', comment: 'Bougie parfaite; livraison rapide' });

    await page.reload();
    await page.getByLabel('Rechercher un avis').fill('zoe EBENE');
    await page.waitForURL(/q=zoe\+EBENE/);
    const card = page.getByRole('listitem', { name: 'Zoé Ébène, 5 étoiles sur 5' });
    await card.waitFor();
    await card.getByText('Bougie parfaite; livraison rapide').waitFor();
    // Left through the shared link: not a verified purchase, kept off the storefront by default (decision 044).
    await card.getByText('Non publié : achat non vérifié', { exact: true }).waitFor();
    await card.getByText('Lien partagé', { exact: true }).waitFor();
    // The unfiltered list, newest first, already shows Zoé's card when the URL changes: wait for the
    // searched list to replace it rather than counting the old one.
    await expect.poll(() => page.getByRole('list', { name: 'Avis' }).getByRole('listitem').count()).toBe(1);
    await expectAccessible(page);

    const filters = page.getByRole('group', { name: 'Filtrer les avis' });
    await filters.getByRole('button', { name: '3 étoiles' }).click();
    await page.getByRole('heading', { name: 'Aucun avis ne correspond' }).waitFor();
    await filters.getByRole('button', { name: '5 étoiles' }).click();
    await card.waitFor();
    await filters.getByRole('button', { name: 'Avec commentaire' }).click();
    await card.waitFor();

    // The export holds what the search and filter select, for a French spreadsheet.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exporter en CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^avis-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!)).toString('utf8');
    expect(csv.startsWith('\uFEFFDate (UTC);Note;Nom;E-mail;Commande;Commentaire;Publié;Lien public;Formulaire privé;Raison de non-publication;Origine;Photos\r\n')).toBe(true);
    const rows = csv.trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2};5;Zoé Ébène;zoe\.ebene@exemple\.test;;"Bougie parfaite; livraison rapide";Non;.*;Sans achat vérifié, non affiché sur la boutique;Lien partagé;$/,
    );

    // The share-link modal: 'Copier' puts the link on the clipboard and says 'Copié' for 2 s.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.app.url });
    await page.getByRole('button', { name: 'Partager le lien d’avis' }).click();
    const dialog = page.getByRole('dialog');
    const copyButton = dialog.getByRole('button', { name: 'Copier' });
    await copyButton.waitFor();
    await expectAccessible(page);
    await copyButton.click();
    await dialog.getByRole('button', { name: 'Copié' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${suite.app.url}/review/[\\w-]+$`));
    expect(await dialog.getByRole('textbox').inputValue()).toBe(copied);
    await dialog.getByRole('button', { name: 'Copier' }).waitFor({ timeout: 4_000 });
    await dialog.getByRole('button', { name: 'Fermer' }).first().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('searches and filters on a phone too', async () => {
    const { page } = await suite.page(PHONE);
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/feedback?filtre=5');
    await page.getByRole('list', { name: 'Avis' }).waitFor();
    expect(await page.getByRole('group', { name: 'Filtrer les avis' }).getByRole('button', { name: '5 étoiles' }).getAttribute('aria-pressed')).toBe('true');
    // Every card of the 5-star filter says 5 stars.
    // The cards only: a card with photos holds a list of its own (decision 058).
    const names = await page
      .getByRole('list', { name: 'Avis' })
      .locator(':scope > li')
      .evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/, 5 étoiles sur 5$/);
    await expectAccessible(page);
    await page.getByLabel('Rechercher un avis').fill('zzzz-aucun-client');
    await page.getByRole('heading', { name: 'Aucun avis ne correspond' }).waitFor();
    await expectAccessible(page);
  });
});
