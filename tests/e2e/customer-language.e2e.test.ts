/**
 * A customer asked in their own language (issue 48, decision 056), in Chromium: an order placed in
 * German on the local Shopify becomes a request made in German; its e-mail is German, and so is the
 * review page the customer opens from it on a phone (with axe), its refusals and its thanks.
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

describe('a German customer', () => {
  it('is asked, reviews and is thanked in German, on a phone', async () => {
    const email = `lena-${Date.now()}@beispiel.test`;
    const order = await emulatorControl<{ id: number; name: string }>(suite.app.url, `shops/${SHOP}/orders`, {
      total: '64.90',
      financialStatus: 'paid',
      customerLocale: 'de-DE',
      customer: { firstName: 'Lena', lastName: 'Schmidt', email },
    });
    await emulatorControl(suite.app.url, `orders/${order.id}/fulfil`);

    // The merchant sends it now from the calendar's API (the flow would wait its delay).
    const { page } = await suite.page();
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/schedule');
    await page.getByRole('heading', { level: 1, name: 'Calendrier d’envoi' }).waitFor();
    let requestId: string | null = null;
    await expect.poll(async () => (requestId = await requestOf(page, email)), { timeout: 20_000 }).not.toBeNull();
    const sent = await page.evaluate(async (id) => {
      const res = await fetch('/functions/v1/process-review-requests', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ manual: true, requestIds: [id] }),
      });
      return res.status;
    }, requestId!);
    expect(sent).toBe(200);

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
  });
});
