/**
 * The e-mail template editor and the settings (issue 15), in Chromium on a desktop and a phone, with
 * axe on every state: the editor beside (desktop) or above (phone) its live preview, a save, a test
 * e-mail found in the outbox as the preview showed it, a logo upload, the warnings asked about before
 * a save, and the settings kept across a reload.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectAccessible, PHONE } from './support/browser';
import { DEMO, latestEmailTo, signIn } from './support/flows';
import { browserSuite } from './support/suite';

// Demo mode: a merchant with a connected shop on an active plan.
const suite = browserSuite({ DEMO_MODE: 'true' });

const DESKTOP = { width: 1280, height: 800 };
const FRAME = 'iframe[title="Aperçu de l’e-mail"]';

async function openEditor(page: Page) {
  await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/email-templates');
  await page.getByRole('heading', { level: 1, name: 'Templates d’emails' }).waitFor();
  await page.getByLabel('Objet', { exact: true }).waitFor();
  await page.locator(FRAME).waitFor();
}

async function openSettings(page: Page) {
  await page.goto(`${suite.app.url}/app/settings`);
  await page.getByRole('heading', { level: 1, name: 'Paramètres' }).waitFor();
  await page.getByLabel('E-mail de notification').waitFor();
}

describe('the e-mail template editor', () => {
  for (const [device, viewport] of [
    ['a desktop', DESKTOP],
    ['a phone', PHONE],
  ] as const) {
    it(`shows the editor and its preview ${device === 'a desktop' ? 'side by side' : 'one above the other'}, accessible, on ${device}, and the settings too`, async () => {
      const { page } = await suite.page(viewport);
      await openEditor(page);
      const preview = page.frameLocator(FRAME);
      await preview
        .getByText(/Marie Dupont/)
        .first()
        .waitFor();

      const form = (await page.getByRole('form', { name: 'E-mail de demande d’avis' }).boundingBox())!;
      const region = (await page.getByRole('region', { name: 'Aperçu', exact: true }).boundingBox())!;
      if (device === 'a desktop') {
        expect(region.x).toBeGreaterThanOrEqual(form.x + form.width);
        expect(Math.abs(region.y - form.y)).toBeLessThan(form.height);
      } else {
        expect(region.y).toBeGreaterThanOrEqual(form.y + form.height);
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      }
      await expectAccessible(page);

      // The phone width of the preview.
      await page.getByRole('button', { name: 'Téléphone (375 px)' }).click();
      expect(await page.getByRole('button', { name: 'Téléphone (375 px)' }).getAttribute('aria-pressed')).toBe('true');
      await expectAccessible(page);

      await openSettings(page);
      await expectAccessible(page);
    });
  }

  it('edits the subject and body, saves, sends a test that reaches the outbox as previewed, and keeps the template after a reload', async () => {
    const { page } = await suite.page(DESKTOP);
    await openEditor(page);

    const subject = page.getByLabel('Objet', { exact: true });
    await subject.fill('Un mot sur votre commande ');
    // The variable goes where the cursor is: at the end of the subject.
    await subject.press('End');
    await page.getByRole('button', { name: 'Insérer la variable numéro de commande' }).click();
    expect(await subject.inputValue()).toBe('Un mot sur votre commande {{ order_number }}');
    expect(await subject.evaluate((element) => element === document.activeElement)).toBe(true);

    const body = page.getByLabel('Contenu', { exact: true });
    await body.fill('Merci {{ customer_name }} pour votre visite chez {{ store_name }}.\n\nVotre avis sincère nous aide à progresser.');

    // The preview follows the unsaved text.
    const preview = page.frameLocator(FRAME);
    await preview.getByText('Merci Marie Dupont pour votre visite chez').waitFor();
    await page.getByTestId('preview-subject').getByText('Un mot sur votre commande #1001').waitFor();

    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText('Template enregistré avec succès !').waitFor();

    await page.getByRole('button', { name: `Envoyer un test à ${DEMO.email}` }).click();
    await page.getByText(`E-mail de test envoyé à ${DEMO.email}`).waitFor();
    const mail = await latestEmailTo(suite.app.url, DEMO.email);
    expect(mail.subject).toBe('[Test] Un mot sur votre commande #1001');
    expect(mail.html).toContain('Merci Marie Dupont pour votre visite chez');
    expect(mail.text).toContain('Votre avis sincère nous aide à progresser.');

    await page.reload();
    await page.getByLabel('Objet', { exact: true }).waitFor();
    expect(await page.getByLabel('Objet', { exact: true }).inputValue()).toBe('Un mot sur votre commande {{ order_number }}');
    expect(await page.getByLabel('Contenu', { exact: true }).inputValue()).toContain('Votre avis sincère nous aide à progresser.');
    expect(await page.getByText('Modèle par défaut, pas encore enregistré').count()).toBe(0);
  });

  it('uploads a logo into the preview, refuses a file that is not an image, and asks before saving a warned template', async () => {
    const { page } = await suite.page(DESKTOP);
    await openEditor(page);
    const fileInput = page.locator('input[type="file"]');

    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('pas une image') });
    await page.getByText('Veuillez sélectionner une image').waitFor();

    const png = await sharp({ create: { width: 240, height: 80, channels: 4, background: '#7c3aed' } })
      .png()
      .toBuffer();
    await fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await page.getByText('Logo uploadé avec succès !').waitFor();
    await page.getByAltText('Logo de l’e-mail').waitFor();
    const logo = page.frameLocator(FRAME).locator('img').first();
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toMatch(/^https?:\/\//);
    await expectAccessible(page);

    await page.getByLabel('Contenu', { exact: true }).fill('Si vous êtes satisfait, laissez-nous 5 étoiles !');
    const warnings = page.getByRole('status', { name: 'Points à vérifier avant d’enregistrer' });
    await warnings.getByText('Le texte semble s’adresser aux seuls clients satisfaits').waitFor();

    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Enregistrer malgré ces avertissements ?' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Modifier' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByLabel('Contenu', { exact: true }).fill('Votre avis, quel qu’il soit, nous aide à progresser.');
    expect(await warnings.textContent()).toBe('');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText('Template enregistré avec succès !').waitFor();

    // The saved logo is the template's after a reload.
    await page.reload();
    await page.getByAltText('Logo de l’e-mail').waitFor();
  });
});

describe('the settings', () => {
  it('refuses a daily limit out of range, then saves both settings and keeps them after a reload', async () => {
    const { page } = await suite.page(DESKTOP);
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/settings');
    await page.getByLabel('E-mail de notification').waitFor();
    const unsubscribe = page.getByRole('switch', { name: 'Lien de désinscription dans chaque e-mail' });
    expect(await unsubscribe.isChecked()).toBe(true);
    expect(await unsubscribe.isDisabled()).toBe(true);

    const limit = page.getByLabel('Limite d’envoi quotidienne');
    await limit.fill('10001');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText(/La limite d’envoi quotidienne doit être un nombre entier entre 1 et 10\s000/u).waitFor();
    await expectAccessible(page);

    await page.getByLabel('E-mail de notification').fill('Alertes@Exemple.test');
    await limit.fill('250');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText('Paramètres enregistrés avec succès').waitFor();

    await page.reload();
    await page.getByLabel('E-mail de notification').waitFor();
    expect(await page.getByLabel('E-mail de notification').inputValue()).toBe('alertes@exemple.test');
    expect(await page.getByLabel('Limite d’envoi quotidienne').inputValue()).toBe('250');
  });
});
