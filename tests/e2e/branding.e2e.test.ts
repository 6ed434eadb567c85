/**
 * Branding & Pages (issue 15) in Chromium, on a desktop and a phone, with axe on both tabs: the live
 * preview follows unsaved values, a real PNG logo goes through the file input, is saved, and shows in
 * the preview and on a real review page of the store, under the app's own CSP.
 */
import sharp from 'sharp';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, PHONE } from './support/browser';
import { DEMO, signIn } from './support/flows';
import { browserSuite } from './support/suite';

// Demo mode: a merchant with a connected shop on an active plan.
const suite = browserSuite({ DEMO_MODE: 'true' });

const LAPTOP = { width: 1280, height: 800 };
const FRAME_TITLE = 'Aperçu de la page d’avis';
const FRAME = `iframe[title="${FRAME_TITLE}"]`;

async function openBranding(page: Page) {
  await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/branding');
  await page.waitForURL(`${suite.app.url}/app/branding`);
  await page.getByRole('heading', { level: 1, name: 'Branding & Pages' }).waitFor();
  await page.getByRole('tab', { name: 'Identité visuelle' }).waitFor();
}

/** The preview's frame once its page is there. */
async function previewFrame(page: Page): Promise<Frame> {
  const handle = await page.locator(FRAME).elementHandle({ timeout: 15_000 });
  const frame = await handle!.contentFrame();
  await frame!.waitForSelector('.card', { state: 'attached' });
  return frame!;
}

/** The review page's button background (the submit button), as the browser computes it. */
function buttonBackground(frame: Frame | Page): Promise<string> {
  return frame
    .locator('button')
    .first()
    .evaluate((button) => getComputedStyle(button).backgroundColor);
}

/** Waits until the preview's srcdoc holds `text` (the preview is asked for once typing pauses). */
async function previewHolds(page: Page, text: string) {
  await page.waitForFunction(([selector, expected]) => document.querySelector(selector!)?.getAttribute('srcdoc')?.includes(expected!) ?? false, [FRAME, text] as const, {
    timeout: 15_000,
  });
}

/** A real 240×120 PNG with a transparent margin. */
function pngLogo(): Promise<Buffer> {
  return sharp({ create: { width: 240, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: { create: { width: 200, height: 80, channels: 4, background: { r: 180, g: 40, b: 90, alpha: 1 } } }, top: 20, left: 20 }])
    .png()
    .toBuffer();
}

describe('branding and pages', () => {
  for (const [device, viewport] of [
    ['a laptop', LAPTOP],
    ['a phone', PHONE],
  ] as const) {
    it(`shows both tabs with their live preview, accessible, on ${device}`, async () => {
      const { page } = await suite.page(viewport);
      await openBranding(page);
      await previewFrame(page);
      await expectAccessible(page);

      // The phone frame fits the screen; beside the form on a wide screen, below it on a phone.
      let phoneBox = (await page.locator(FRAME).boundingBox())!;
      const formBox = (await page.getByRole('form', { name: 'Identité visuelle' }).boundingBox())!;
      expect(phoneBox.x + phoneBox.width).toBeLessThanOrEqual(viewport.width);
      if (viewport === LAPTOP) {
        expect(phoneBox.x).toBeGreaterThan(formBox.x + formBox.width - 1);
        // Sticky beside the form: at the form's save button, the whole phone is still in view.
        await page.getByRole('button', { name: 'Enregistrer' }).scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        phoneBox = (await page.locator(FRAME).boundingBox())!;
        expect(phoneBox.y).toBeGreaterThanOrEqual(0);
        expect(phoneBox.y + phoneBox.height).toBeLessThanOrEqual(viewport.height);
      } else {
        expect(phoneBox.y).toBeGreaterThan(formBox.y + formBox.height - 1);
      }

      // The button colour, typed: the preview shows it before anything is saved.
      const colour = page.getByLabel('Couleur des boutons', { exact: true });
      await colour.fill('#7c3aed');
      await previewHolds(page, '#7c3aed');
      expect(await buttonBackground(await previewFrame(page))).toBe('rgb(124, 58, 237)');
      await page.getByText('Modifications non enregistrées', { exact: true }).waitFor();
      const saved = await page.evaluate(async () => ((await (await fetch('/api/branding')).json()) as { identity: { button_bg_color: string } }).identity);
      expect(saved.button_bg_color).not.toBe('#7c3aed');

      // The second tab, by keyboard; what was typed on the first stays.
      await page.getByRole('tab', { name: 'Identité visuelle' }).focus();
      await page.keyboard.press('ArrowRight');
      const pageTab = page.getByRole('tab', { name: 'Personnalisation des pages' });
      expect(await pageTab.getAttribute('aria-selected')).toBe('true');
      await page.getByLabel('Titre de la page').fill('Votre avis sur nos bougies');
      await previewHolds(page, 'Votre avis sur nos bougies');
      const frame = await previewFrame(page);
      expect(await frame.locator('h1').first().textContent()).toBe('Votre avis sur nos bougies');
      // The other tab's unsaved colour is in this preview too.
      expect(await buttonBackground(frame)).toBe('rgb(124, 58, 237)');
      await page.getByRole('group', { name: 'Moment affiché dans l’aperçu' }).getByRole('button', { name: 'Merci (positif)' }).click();
      await previewHolds(page, 'id="done-title"');
      await expectAccessible(page);

      await pageTab.focus();
      await page.keyboard.press('Home');
      expect(await page.getByRole('tab', { name: 'Identité visuelle' }).getAttribute('aria-selected')).toBe('true');
      expect(await page.getByLabel('Couleur des boutons', { exact: true }).inputValue()).toBe('#7c3aed');
    });
  }

  it('uploads a PNG logo, saves it, and shows it in the preview and on a real review page', async () => {
    const { page } = await suite.page(LAPTOP);
    await openBranding(page);
    await previewFrame(page);

    // A wrong type is refused in the browser, before any upload.
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('bonjour') });
    await page.getByText('Veuillez télécharger un fichier PNG, JPG ou SVG').waitFor();

    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await pngLogo() });
    await page.getByText('Logo téléchargé avec succès').waitFor();
    const shown = page.getByRole('img', { name: 'Logo actuel' });
    await shown.waitFor();
    expect(await shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
    const logoUrl = (await shown.getAttribute('src'))!;

    // In the preview before the save, then saved.
    await previewHolds(page, logoUrl);
    await page.getByLabel('Couleur des boutons', { exact: true }).fill('#0f766e');
    await previewHolds(page, '#0f766e');
    const preview = await previewFrame(page);
    await preview.locator('.logo img').waitFor();
    expect(await preview.locator('.logo img').getAttribute('src')).toBe(logoUrl);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Paramètres enregistrés').waitFor();
    await expectAccessible(page);

    // Under the app's real CSP (the tracked pages bypass it for axe), the preview's sandboxed frame
    // and the customer's review page both load the logo.
    const context = await suite.browser.newContext({ viewport: PHONE, locale: 'fr-FR' });
    const errors: string[] = [];
    try {
      await context.addCookies(await page.context().cookies());
      const merchant = await context.newPage();
      merchant.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await merchant.goto(`${suite.app.url}/app/branding`);
      const frame = await previewFrame(merchant);
      await frame.locator('.logo img').waitFor();
      await frame.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('.logo img');
        return img !== null && img.complete && img.naturalWidth > 0;
      });

      const link = await merchant.evaluate(async () => {
        const res = await fetch('/api/review-requests/share-link', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        return ((await res.json()) as { url: string }).url;
      });
      expect(link).toMatch(/\/review\/[\w-]+$/);
      const customer = await context.newPage();
      customer.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await customer.goto(link);
      const logo = customer.locator('.logo img');
      await logo.waitFor();
      expect(await logo.getAttribute('src')).toBe(logoUrl);
      await customer.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('.logo img');
        return img !== null && img.complete && img.naturalWidth > 0;
      });
      expect(await buttonBackground(customer)).toBe('rgb(15, 118, 110)');
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  });
});
