/**
 * A customer asked in their own language (issue 48, decisions 056 and 057), in Chromium: an order
 * placed in German on the local Shopify becomes a request made in German; its e-mail is German, and so
 * is the review page the customer opens from it on a phone (with axe), its refusals and its thanks,
 * and the unsubscribe page its link opens, framed in German too.
 * The merchant writes and previews the English template beside the French one, and an English order's
 * e-mail is that template.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, PHONE } from './support/browser';
import { DEMO, emulatorControl, latestEmailTo, signIn } from './support/flows';
import { browserSuite } from './support/suite';

// Demo mode: the demo store is installed on the local Shopify, its webhooks registered, its one flow
// asking after fulfilment; its page texts are the merchant's, in French.
const suite = browserSuite({ DEMO_MODE: 'true' });
const SHOP = 'maison-lumiere.myshopify.com';

/** The id of the store's request to `address`, read page by page from the calendar's API; null while there is none. */
function requestOf(page: Page, address: string): Promise<string | null> {
  return page.evaluate(async (to) => {
    for (let p = 1; p <= 30; p += 1) {
      const body = (await (await fetch(`/api/review-requests?page=${p}`)).json()) as { items: { id: string; customer_email: string | null }[] };
      const found = body.items.find((item) => item.customer_email === to);
      if (found) return found.id;
      if (body.items.length === 0) return null;
    }
    return null;
  }, address);
}

/** Sends the store's request to `address` now, from the calendar's API (the flow would wait its delay). */
async function sendNow(page: Page, address: string) {
  let requestId: string | null = null;
  await expect.poll(async () => (requestId = await requestOf(page, address)), { timeout: 20_000 }).not.toBeNull();
  const sent = await page.evaluate(async (id) => {
    const res = await fetch('/functions/v1/process-review-requests', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ manual: true, requestIds: [id] }),
    });
    return res.status;
  }, requestId!);
  expect(sent).toBe(200);
}

/** An order placed and fulfilled on the local Shopify by a customer of `locale`. */
async function fulfilledOrder(locale: string, customer: { firstName: string; lastName: string; email: string }) {
  const order = await emulatorControl<{ id: number; name: string }>(suite.app.url, `shops/${SHOP}/orders`, {
    total: '64.90',
    financialStatus: 'paid',
    customerLocale: locale,
    customer,
  });
  await emulatorControl(suite.app.url, `orders/${order.id}/fulfil`);
  return order;
}

describe('a German customer', () => {
  it('is asked, reviews and is thanked in German, on a phone', async () => {
    const email = `lena-${Date.now()}@beispiel.test`;
    await fulfilledOrder('de-DE', { firstName: 'Lena', lastName: 'Schmidt', email });

    const { page } = await suite.page();
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/schedule');
    await page.getByRole('heading', { level: 1, name: 'Calendrier d’envoi' }).waitFor();
    await sendNow(page, email);

    const mail = await latestEmailTo(suite.app.url, email);
    expect(mail.subject).toBe('Ihre Meinung ist uns wichtig! 🌟');
    expect(mail.text).toContain('Hallo Lena Schmidt,');
    expect(mail.text).toContain('Sie möchten keine Bewertungsanfragen von Maison Lumière mehr erhalten?');
    const link = /https?:\/\/\S+\/review\/[\w-]+/.exec(mail.text)![0];

    const { page: phone } = await suite.page(PHONE);
    await phone.goto(link);
    await phone.getByRole('heading', { level: 1, name: 'Ihre Meinung ist uns wichtig' }).waitFor();
    expect(await phone.locator('html').getAttribute('lang')).toBe('de');
    await expectAccessible(phone);

    // Refused in German, then thanked in German.
    await phone.getByLabel('Ihr Name').fill('');
    await phone.getByRole('button', { name: 'WEITER' }).click();
    await phone.getByText('Bitte wählen Sie eine Bewertung aus').waitFor();
    await phone.locator('label[for=r4]').click();
    await phone.getByLabel('Ihr Name').fill('Lena');
    await phone.getByLabel('Ihr Kommentar (optional)').fill('Schnelle Lieferung, schöne Kerze.');
    await phone.getByRole('button', { name: 'WEITER' }).click();
    await phone.getByRole('heading', { name: 'Vielen Dank für Ihre Bewertung!' }).waitFor();
    await expectAccessible(phone);

    // The e-mail's unsubscribe link: the page and all around it in German, no French left.
    const unsubscribe = /href="([^"]+\/unsubscribe\/[^"]+)"/.exec(mail.html ?? '')![1]!;
    await phone.goto(unsubscribe);
    await phone.getByRole('button', { name: 'Abmelden' }).waitFor();
    expect(await phone.locator('html').getAttribute('lang')).toBe('de');
    expect(await phone.title()).toBe('Abmeldung · Avis Clients');
    expect(await phone.getByRole('navigation', { name: 'Rechtliches' }).innerText()).toContain('Impressum');
    expect(await phone.locator('body').innerText()).not.toMatch(/Mentions légales|Tous droits|Confidentialité|Désinscription/);
    await expectAccessible(phone);
  });
});

describe('the merchant’s English template', () => {
  it('is written and previewed in English beside the French one, and is what an English customer gets', async () => {
    const { page } = await suite.page({ width: 1280, height: 800 });
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/email-templates');
    await page.getByRole('heading', { level: 1, name: 'Templates d’emails' }).waitFor();
    const subject = page.getByLabel('Objet', { exact: true });
    await subject.waitFor();
    const frenchSubject = await subject.inputValue();
    const picker = page.getByLabel('Langue des textes');
    expect(await picker.inputValue()).toBe('fr');

    await picker.selectOption('en');
    await page.waitForURL(/\?langue=en$/);
    await expect.poll(() => subject.inputValue()).toBe('Your opinion matters to us! 🌟');
    const preview = page.frameLocator('iframe[title="Aperçu de l’e-mail"]');
    await preview.getByText('Hi Marie Dupont,').waitFor();
    await preview.getByText('Leave a review').waitFor();
    await expectAccessible(page);

    await subject.fill('How was your order {{ order_number }}?');
    await page.getByLabel('Contenu', { exact: true }).fill('Thanks {{ customer_name }} for shopping at {{ store_name }}.\n\nYour honest review helps us a lot.');
    // Unsaved: the picker waits, and says why.
    expect(await picker.isDisabled()).toBe(true);
    await page.getByText('Enregistrez ou annulez vos modifications pour changer de langue.').waitFor();
    await preview.getByText('Thanks Marie Dupont for shopping at Maison Lumière.').waitFor();
    await page.getByTestId('preview-subject').getByText('How was your order #1001?').waitFor();
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText('Template enregistré avec succès !').waitFor();
    expect(await picker.isDisabled()).toBe(false);
    expect(await picker.locator('option:checked').textContent()).toBe('Anglais · vos textes');

    // The French template is as it was; the address reopens the English one.
    await picker.selectOption('fr');
    await expect.poll(() => subject.inputValue()).toBe(frenchSubject);
    await page.goto(`${suite.app.url}/app/email-templates?langue=en`);
    await expect.poll(() => page.getByLabel('Objet', { exact: true }).inputValue()).toBe('How was your order {{ order_number }}?');
    await expectAccessible(page);

    const email = `sam-${Date.now()}@example.test`;
    const order = await fulfilledOrder('en-GB', { firstName: 'Sam', lastName: 'Taylor', email });
    await sendNow(page, email);
    const mail = await latestEmailTo(suite.app.url, email);
    expect(mail.subject).toBe(`How was your order ${order.name}?`);
    expect(mail.text).toContain('Thanks Sam Taylor for shopping at Maison Lumière.');
  });
});
