/**
 * /api/settings/customer-languages (decision 056): the store's default customer language and the
 * languages it serves, and the share of its recent orders in a language it does not serve or serves
 * without the merchant's template (decision 057); saving
 * them decides the language of the requests made from then on.
 */
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { CustomerLanguages } from '#core/api/settings';
import { integrationTest } from '#tests/support/integration';
import { paidOrderPayload } from '#tests/support/order-payload';
import { reviewEmailTexts } from '#core/email/texts';
import { upsertOrder } from '../orders/intake';
import { fromWebhook } from '../orders/order';

const it = integrationTest();
const PATH = '/api/settings/customer-languages';

describe('the customers’ languages', () => {
  it('serves the six languages in French by default, and tells the share of recent orders in a language not served', async ({ ctx, app, world }) => {
    const { browser, store } = await world.signedIn(app).store();
    const first = await browser.json<CustomerLanguages>(PATH);
    expect(first).toMatchObject({ status: 200, body: { default_language: 'fr', languages: ['fr', 'en', 'de', 'es', 'it', 'nl'], unserved: [] } });

    // Ten recent orders: six French, three German, one Brazilian Portuguese (a language not shipped); one old German one.
    const locales = ['fr', 'fr', 'fr-CA', 'fr', 'fr', 'fr', 'de-DE', 'de-AT', 'de', 'pt-BR'];
    for (const [i, locale] of locales.entries()) await world.at(store).order({ customerLocale: locale, orderCreatedAt: new Date(Date.now() - i * 86_400_000) });
    await world.at(store).order({ customerLocale: 'de-DE', orderCreatedAt: new Date(Date.now() - 200 * 86_400_000) });

    const saved = await browser.json<CustomerLanguages>(PATH, { method: 'PUT', json: { default_language: 'en', languages: ['fr'] } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      default_language: 'en',
      // The default is always served.
      languages: ['fr', 'en'],
      unserved: [
        { language: 'de', orders: 3, share: 0.3 },
        { language: 'pt', orders: 1, share: 0.1 },
      ],
      // No template of the merchant's at all: every customer reads ours, nothing to say.
      unwritten: [],
    });
    const [row] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, store.id));
    expect(row).toMatchObject({ defaultCustomerLanguage: 'en', customerLanguages: ['fr', 'en'] });

    // Once the merchant wrote the English template, the French orders are said to get ours (decision 057).
    await world.at(store).template({ name: 'Mine', language: 'en', subject: 'How was it?' });
    expect((await browser.json<CustomerLanguages>(PATH)).body.unwritten).toEqual([{ language: 'fr', orders: 6, share: 0.6 }]);
    await world.at(store).template({ name: 'Le mien', language: 'fr', subject: 'Alors\u202f?' });
    expect((await browser.json<CustomerLanguages>(PATH)).body.unwritten).toEqual([]);

    // From then on, a German order is asked in the default language.
    await world.at(store).flow({ triggerEvent: 'order_paid', delayDays: 0 });
    await ctx.db.transaction((tx) => upsertOrder(tx, row!, fromWebhook(paidOrderPayload(5601, { customer_locale: 'de-DE' })), 'paid', new Date()));
    const [request] = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.shopifyOrderId, '5601'));
    expect(request!.locale).toBe('en');
  });

  it('writes the store’s template in its default language: the editor’s defaults, its preview’s and a shared link’s page', async ({ app, world }) => {
    const { browser } = await world.signedIn(app).store();
    await browser.json(PATH, { method: 'PUT', json: { default_language: 'de', languages: ['de', 'fr'] } });
    const config = await browser.json<{ language: string; template: { subject: string; button_text: string } }>('/api/email-templates/active');
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ language: 'de', template: { subject: reviewEmailTexts.de.defaultSubject, button_text: reviewEmailTexts.de.defaultButton } });
    // The shared link speaks the store's language as it is now, whatever it was when the link was made.
    const link = await browser.json<{ url: string }>('/api/review-requests/share-link', { method: 'POST', json: {} });
    const page = await app.request(new URL(link.body.url).pathname);
    expect(await page.text()).toContain('<html lang="de">');
  });

  it('refuses a language it does not ship, or one given twice, in French, and changes nothing', async ({ app, world }) => {
    const { browser } = await world.signedIn(app).store();
    expect(await browser.json(PATH, { method: 'PUT', json: { default_language: 'pt', languages: ['fr'] } })).toMatchObject({ status: 400, body: { error: 'Langue inconnue' } });
    expect(await browser.json(PATH, { method: 'PUT', json: { default_language: 'fr', languages: ['en', 'en'] } })).toMatchObject({
      status: 400,
      body: { error: 'Une langue est cochée deux fois' },
    });
    expect(await browser.json(PATH, { method: 'PUT', json: { default_language: 'fr' } })).toMatchObject({ status: 400 });
    expect((await browser.json<CustomerLanguages>(PATH)).body).toMatchObject({ default_language: 'fr', languages: ['fr', 'en', 'de', 'es', 'it', 'nl'] });
  });

  it('needs a session and an active store', async ({ app, world }) => {
    const { browser } = await world.signedIn(app).account();
    expect((await browser.json(PATH)).status).toBe(404);
  });
});
