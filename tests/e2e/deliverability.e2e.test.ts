/**
 * Settings, section 'Délivrabilité' (issue 18), in Chromium against the real server: accessible on a
 * desktop and a phone, an address saved, its three DNS records shown, 'Vérifier' run, the self-test's
 * checklist. The e2e server has no network and no DNS records exist for the test domain: whatever the
 * machine's resolver answers (nothing, or a failed lookup), the domain stays unverified.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, PHONE } from './support/browser';
import { DEMO, signIn } from './support/flows';
import { browserSuite } from './support/suite';

// Demo mode: a merchant with a connected shop on an active plan.
const suite = browserSuite({ DEMO_MODE: 'true' });

const DESKTOP = { width: 1280, height: 800 };
const CHECKS = ['Signature DKIM valide', 'Alignement du domaine', 'Désinscription en un clic présente et signée', 'Version texte présente', 'HTML de moins de 100 Ko'];

async function openSection(page: Page) {
  await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/settings');
  await page.getByRole('heading', { level: 1, name: 'Paramètres' }).waitFor();
  const section = page.getByRole('region', { name: 'Délivrabilité', exact: true });
  await section.getByText(/Vos e-mails partent de/u).waitFor();
  return section;
}

/** Saves `address` through the section's own form and waits for its records. */
async function saveAddress(page: Page, address: string, { keyboard = false } = {}) {
  const form = page.getByRole('form', { name: 'Adresse d’expédition de la boutique' });
  const field = form.getByLabel('Adresse d’expédition');
  await field.fill(address);
  if (keyboard) await field.press('Enter');
  else await form.getByRole('button', { name: 'Enregistrer l’adresse' }).click();
  const domain = address.split('@')[1]!;
  await page.getByRole('rowheader', { name: 'DKIM' }).waitFor();
  await page.getByRole('cell', { name: `_dmarc.${domain}`, exact: true }).waitFor();
}

describe("settings, 'Délivrabilité'", () => {
  it("saves an address, shows its three records, stays 'Non vérifié' after 'Vérifier' without DNS, and runs the self-test, accessible on a desktop", async () => {
    const { page } = await suite.page(DESKTOP);
    const section = await openSection(page);
    await expectAccessible(page);

    await saveAddress(page, 'avis@atelier-nova.test');
    const table = section.getByRole('table', { name: 'Enregistrements DNS à publier' });
    // The selector is the server's choice: the DKIM name is matched by its suffix.
    await table.getByRole('cell', { name: /^[a-z0-9-]+\._domainkey\.atelier-nova\.test$/u }).waitFor();
    await table.getByRole('cell', { name: 'atelier-nova.test', exact: true }).waitFor();
    await table.getByRole('cell', { name: '_dmarc.atelier-nova.test', exact: true }).waitFor();
    for (const kind of ['DKIM', 'SPF', 'DMARC']) await section.getByRole('button', { name: `Copier la valeur ${kind}` }).waitFor();
    await section.getByText('Non vérifié', { exact: true }).waitFor();
    await expectAccessible(page);

    await section.getByRole('button', { name: 'Vérifier' }).click();
    // Either the lookups ran (nothing found, or the lookup failed: both said per record) or the server refused in French.
    await section
      .getByText(/^Vérification terminée\s: |^Trop de tentatives/u)
      .or(section.getByRole('alert'))
      .first()
      .waitFor({ timeout: 30_000 });
    await section.getByRole('button', { name: 'Vérifier' }).waitFor();
    await section.getByText('Non vérifié', { exact: true }).waitFor();
    expect(await table.getByText('Correct', { exact: true }).count()).toBeLessThan(3);

    await section.getByRole('button', { name: 'Tester la délivrabilité' }).click();
    const checklist = section.getByRole('list', { name: 'Contrôles du test' });
    await checklist.waitFor({ timeout: 30_000 });
    const items = await checklist.getByRole('listitem').allTextContents();
    expect(items).toHaveLength(CHECKS.length);
    CHECKS.forEach((label, i) => expect(items[i]).toMatch(new RegExp(`^${label}\\s: (Réussi|Échec)`, 'u')));
    await section.getByText(/^Envoyé à\s: \S+@\S+$/u).waitFor();
    await expectAccessible(page);
  });

  it('works on a phone with the keyboard: the records scroll inside their own region, never the page, and the address can be removed', async () => {
    const { page } = await suite.page(PHONE);
    const section = await openSection(page);
    await expectAccessible(page);

    await saveAddress(page, 'contact@maison-lumiere.test', { keyboard: true });
    const region = section.getByRole('region', { name: 'Enregistrements DNS à publier (défilement horizontal)' });
    const box = (await region.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // Wider than the screen, the table scrolls sideways inside the region, from the keyboard too.
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await expectAccessible(page);

    const remove = section.getByRole('button', { name: 'Supprimer l’adresse' });
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Supprimer l’adresse d’expédition ?' });
    await dialog.waitFor();
    // Focus starts on 'Annuler' (the safe choice); Tab reaches 'Supprimer'.
    expect(await dialog.getByRole('button', { name: 'Annuler' }).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await section.getByText('Adresse supprimée : vos e-mails partent de l’adresse de l’application.').waitFor();
    expect(await section.getByRole('table').count()).toBe(0);
    // The keyboard resumes at the address field, on the frame after the notice (the button is gone).
    await expect.poll(() => page.getByLabel('Adresse d’expédition', { exact: true }).evaluate((element) => element === document.activeElement)).toBe(true);
  });
});
