import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, PHONE } from './support/browser';
import { DEMO, latestEmailTo, signIn } from './support/flows';
import { browserSuite } from './support/suite';

// Demo mode: the demo merchant has a flow, requests in every state, and a shop on the local Shopify
// with paid orders from before the install (for the history import).
const suite = browserSuite({ DEMO_MODE: 'true' });

/**
 * The demo's customer addresses are first.last.N@exemple.test: the address pattern of the customer
 * named in a send button's accessible name ("… de Arthur Robert, commande #1040").
 */
async function addressOfButton(button: Locator): Promise<RegExp> {
  const name = (await button.getAttribute('aria-label')) ?? (await button.innerText());
  const customer = /d’avis (?:de |d')(.+?), commande/.exec(name)?.[1];
  expect(customer).toBeTruthy();
  const local = customer!
    .split(' ')
    .join('.')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  return new RegExp(`^${local}\\.\\d+@exemple\\.test$`);
}

/**
 * The send-now buttons of requests asked in French: the calendar badges the others with their language
 * (« Demande en anglais… » for a screen reader), and the demo's customers abroad are asked in theirs.
 */
const frenchSendButtons = (page: Page) =>
  page
    .getByRole('list', { name: 'Demandes d’avis' })
    .getByRole('listitem')
    .filter({ hasNotText: /Demande en / })
    .getByRole('button', { name: /^Envoyer maintenant la demande d’avis (?:de |d')/ });

/** The newest outbox e-mail whose recipient matches `to`. */
async function latestEmailMatching(baseUrl: string, to: RegExp) {
  const list = (await (await fetch(`${baseUrl}/api/dev/outbox`)).json()) as { emails: { id: string; to: string }[] };
  const found = list.emails.find((e) => to.test(e.to));
  expect(found, `an e-mail to ${to}`).toBeTruthy();
  return latestEmailTo(baseUrl, found!.to);
}

describe('the send calendar in a browser', () => {
  it('sends a scheduled request now, cancels another, and imports the order history', async () => {
    const { page } = await suite.page();
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/schedule');
    await page.getByRole('heading', { level: 1, name: 'Calendrier d’envoi' }).waitFor();
    const sendButtons = frenchSendButtons(page);
    await sendButtons.first().waitFor();
    await expectAccessible(page);

    // Send now: the e-mail reaches the outbox with its one-click unsubscribe headers.
    const address = await addressOfButton(sendButtons.first());
    await sendButtons.first().click();
    await page.getByText('Email envoyé avec succès !').waitFor();
    const mail = await latestEmailMatching(suite.app.url, address);
    expect(mail.subject).toBe('Votre avis compte pour nous\u202f! 🌟');
    expect(mail.headers['List-Unsubscribe']).toMatch(/^<http:\/\/.+\/api\/public\/unsubscribe\/[A-Za-z0-9_-]+>$/);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // Cancel: asks for confirmation, then the request is gone.
    const cancelButtons = page.getByRole('button', { name: /^Annuler la demande d’avis (?:de |d')/ });
    const before = await cancelButtons.count();
    await cancelButtons.first().click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByRole('button', { name: 'Annuler la demande' }).click();
    await page.getByText('Demande d’avis annulée').waitFor();
    await expect.poll(() => cancelButtons.count()).toBeLessThan(before + 1);

    // Import: counts the shop's paid orders of the last 60 days, then imports them at once.
    await page.getByRole('button', { name: 'Importer l’historique' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Importer l’historique' });
    await importDialog.getByText('12 commandes payées ces 60 derniers jours.').waitFor();
    await expectAccessible(page);
    await importDialog.getByRole('button', { name: /Envoyer maintenant/ }).click();
    await page.getByText('12 commandes importées et 12 demandes d’avis programmées !').waitFor();
  });

  it('follows the unsubscribe link of a real e-mail, on a phone, without signing in', async () => {
    const { page } = await suite.page();
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/schedule');
    const send = frenchSendButtons(page).first();
    await send.waitFor();
    const address = await addressOfButton(send);
    await send.click();
    await page.getByText('Email envoyé avec succès !').waitFor();
    const mail = await latestEmailMatching(suite.app.url, address);
    const link = /href="([^"]+\/unsubscribe\/[^"]+)"/.exec(mail.html ?? '')?.[1];
    expect(link).toBeTruthy();

    const { page: phone } = await suite.page(PHONE);
    await phone.goto(link!);
    await phone.getByText('Maison Lumière').first().waitFor();
    await expectAccessible(phone);
    await phone.getByRole('button', { name: 'Se désabonner' }).click();
    await phone
      .getByText(/ne (vous )?(recevrez|recevra|enverra)/)
      .first()
      .waitFor();
    await expectAccessible(phone);
  });
});

describe('flow configuration in a browser', () => {
  it('adds a flow with a minimum amount, then deletes it after confirmation', async () => {
    const { page } = await suite.page();
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/flow');
    await page.getByRole('heading', { level: 1, name: 'Configuration du flux' }).waitFor();
    await page.getByRole('button', { name: 'Ajouter un flux' }).first().click();
    const name = page.getByLabel('Nom du flux');
    await name.fill('');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Le nom du flux est requis').waitFor();
    await name.fill('Grosses commandes');
    const minimum = page.getByLabel(/Montant minimum/);
    expect(await minimum.isDisabled()).toBe(true);
    await page.getByLabel(/Toutes les commandes/).click();
    await minimum.fill('120');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Flux enregistré avec succès !').waitFor();
    await page
      .getByText(/120,00\s€/)
      .first()
      .waitFor();

    await page.getByRole('button', { name: /Supprimer.*Grosses commandes/ }).click();
    await page
      .getByRole('alertdialog')
      .or(page.getByRole('dialog'))
      .getByRole('button', { name: /Supprimer/ })
      .click();
    await page.getByText('Flux supprimé').waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Grosses commandes' }).count()).toBe(0);
  });
});
