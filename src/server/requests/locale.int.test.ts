/**
 * The language each request is made in (issue 48), on both engines: the SQL that makes requests
 * (locale.ts) against the rule it mirrors (#core/customer-language), then an order in each shipped
 * language turned into its request, a store that does not serve the order's language, a reminder that
 * keeps the first e-mail's language, and a shared link in the store's language; then the e-mails the
 * sender makes of them: each in its request's language, the merchant's own template in the store's.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { queryRows } from '#db/client';
import * as s from '#db/schema';
import { CUSTOMER_LANGUAGES, canonicalLocale, requestLocale, type CustomerLanguage } from '#core/customer-language';
import type { TestContext } from '#tests/support/test-context';
import type { StoreRow } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';
import { paidOrderPayload } from '#tests/support/order-payload';
import { upsertOrder } from '../orders/intake';
import { fromWebhook, type WebhookOrder } from '../orders/order';
import { reviewEmailTexts } from '#core/email/texts';
import { requestLocaleSql } from './locale';
import { sendBatch } from './sender';
import { scheduleFlowReminders } from './reminders';
import { shareLinkOf } from './service';

const it = integrationTest();

const textArray = (values: readonly string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v}'`).join(', ')}]::text[]`);

const paidOrder = (id: number, customerLocale: string | null) => paidOrderPayload(id, { customer_locale: customerLocale });

async function paid(ctx: TestContext, store: StoreRow, order: WebhookOrder) {
  const [row] = await ctx.db.select().from(s.shopifyStores).where(eq(s.shopifyStores.id, store.id));
  await ctx.db.transaction((tx) => upsertOrder(tx, row!, fromWebhook(order), 'paid', new Date()));
  const [request] = await ctx.db
    .select()
    .from(s.shopifyReviewRequests)
    .where(eq(s.shopifyReviewRequests.shopifyOrderId, order.id as string));
  return request!;
}

describe('the language a request is made in', () => {
  it('is the same in the SQL that makes requests as in the rule it mirrors', async ({ ctx }) => {
    const locales = [null, 'fr', 'fr-CA', 'en', 'en-GB', 'de-DE', 'de-CH', 'es-419', 'it', 'nl-BE', 'pt-BR', 'ja'];
    const stores: { defaultLanguage: CustomerLanguage; served: CustomerLanguage[] }[] = [
      { defaultLanguage: 'fr', served: [...CUSTOMER_LANGUAGES] },
      { defaultLanguage: 'en', served: ['en', 'fr'] },
      { defaultLanguage: 'de', served: [] },
      { defaultLanguage: 'nl', served: ['nl', 'it'] },
    ];
    for (const store of stores) {
      for (const raw of locales) {
        // The intake stores the canonical locale; the columns' constraints hold the rest.
        const stored = canonicalLocale(raw);
        const [row] = await queryRows<{ locale: string }>(
          ctx.db,
          sql`SELECT ${requestLocaleSql()} AS locale
              FROM (SELECT ${stored}::text AS customer_locale) o,
                   (SELECT ${store.defaultLanguage}::text AS default_customer_language, ${textArray(store.served)} AS customer_languages) s`,
        );
        expect(row!.locale, `${raw} for ${JSON.stringify(store)}`).toBe(requestLocale(raw, store));
      }
    }
  });

  it('is the order’s, in each shipped language, region included, recorded on its request', async ({ ctx, world }) => {
    const { store } = await world.merchant().store();
    await world.at(store).flow({ triggerEvent: 'order_paid', delayDays: 0 });
    const locales = ['fr', 'en-GB', 'de-DE', 'es-ES', 'it-IT', 'nl-BE'];
    for (const [i, locale] of locales.entries()) {
      expect((await paid(ctx, store, paidOrder(4800 + i, locale))).locale).toBe(locale);
    }
    const [order] = await ctx.db.select().from(s.shopifyOrders).where(eq(s.shopifyOrders.shopifyOrderId, '4802'));
    expect(order!.customerLocale).toBe('de-DE');
    // An order without a locale, or in a language not shipped: the store's default language.
    expect((await paid(ctx, store, paidOrder(4810, null))).locale).toBe('fr');
    expect((await paid(ctx, store, paidOrder(4811, 'pt-BR'))).locale).toBe('fr');
  });

  it('is the store’s default language when the store does not serve the order’s', async ({ ctx, world }) => {
    const { store } = await world.merchant().store({ row: { defaultCustomerLanguage: 'en', customerLanguages: ['en', 'fr'] } });
    await world.at(store).flow({ triggerEvent: 'order_paid', delayDays: 0 });
    expect((await paid(ctx, store, paidOrder(4820, 'de-DE'))).locale).toBe('en');
    expect((await paid(ctx, store, paidOrder(4821, 'fr-CA'))).locale).toBe('fr-CA');
  });

  it('stays the first e-mail’s for its reminder, whatever the store serves by then', async ({ ctx, world }) => {
    const shop = await world.merchant().store();
    const flow = await shop.flow({ reminderDays: 3 });
    const order = await shop.order();
    const first = await shop.request({ order, flowId: flow.id, source: 'flow', status: 'sent', sentAt: new Date(), locale: 'de-AT' });
    await ctx.db
      .update(s.shopifyStores)
      .set({ customerLanguages: ['fr'] })
      .where(eq(s.shopifyStores.id, shop.store.id));
    expect(await scheduleFlowReminders(ctx.db, [first.id])).toBe(1);
    const [reminder] = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.reminderOf, first.id));
    expect(reminder!.locale).toBe('de-AT');
  });

  it('is the store’s default language for its shared link', async ({ ctx, world }) => {
    const { store } = await world.merchant().store({ row: { defaultCustomerLanguage: 'it' } });
    const link = await shareLinkOf(ctx.db, store, ctx.config.appUrl);
    const [request] = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, link.request_id));
    expect(request!.locale).toBe('it');
  });

  it('refuses a store language the app does not ship', async ({ ctx, world }) => {
    const { store } = await world.merchant().store();
    await expect(
      ctx.db
        .update(s.shopifyStores)
        .set({ defaultCustomerLanguage: 'pt' as never })
        .where(eq(s.shopifyStores.id, store.id)),
    ).rejects.toThrow();
    await expect(
      ctx.db
        .update(s.shopifyStores)
        .set({ customerLanguages: ['fr', 'pt' as never] })
        .where(eq(s.shopifyStores.id, store.id)),
    ).rejects.toThrow();
  });
});

describe('the e-mail of a request in its language', () => {
  const send = (ctx: TestContext, storeId: string, ids: string[]) => sendBatch(ctx, { workerId: 'locale-test', manual: { storeId, requestIds: ids } });
  const mailTo = async (ctx: TestContext, address: string) => (await ctx.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, address)))[0]!;

  it('goes in each shipped language: the merchant’s template in the store’s, the shipped texts with the merchant’s look in the others', async ({ ctx, world }) => {
    const shop = await world.merchant().store({ shopName: 'Atelier Bleu' });
    await shop.template({
      name: 'Le mien',
      subject: 'Un mot sur {{ order_number }}\u202f?',
      bodyContent: 'Merci {{ customer_name }}.',
      buttonText: 'Donner mon avis',
      buttonColor: '#123456',
    });
    const locales = ['fr', 'en-US', 'de-DE', 'es-MX', 'it-IT', 'nl-NL'] as const;
    const requests = [];
    for (const locale of locales) requests.push(await shop.request({ customerName: 'Alex', locale }));
    expect(
      await send(
        ctx,
        shop.store.id,
        requests.map((r) => r.id),
      ),
    ).toMatchObject({ processed: locales.length });
    const french = await mailTo(ctx, requests[0]!.customerEmail!);
    expect(french.subject).toMatch(/^Un mot sur .+\u202f\?$/);
    expect(french.text).toContain('Donner mon avis');
    for (const [i, locale] of locales.entries()) {
      if (i === 0) continue;
      const t = reviewEmailTexts[locale.slice(0, 2) as keyof typeof reviewEmailTexts];
      const mail = await mailTo(ctx, requests[i]!.customerEmail!);
      expect(mail.subject, locale).toBe(t.defaultSubject);
      expect(mail.text, locale).toContain(t.defaultGreeting.replace('{{ customer_name }}', 'Alex'));
      expect(mail.text, locale).toContain(t.unsubscribeText('Atelier Bleu'));
      expect(mail.text, locale).not.toContain('Donner mon avis');
      // The merchant's look stays: the button's colour.
      expect(mail.html, locale).toContain('background:#123456');
    }
  });

  it('sends the reminder in the first e-mail’s language, and names a customer without a name in it', async ({ ctx, world }) => {
    const shop = await world.merchant().store({ shopName: 'Atelier Bleu' });
    const flow = await shop.flow({ reminderDays: 3 });
    const order = await shop.order({ customerName: null });
    const first = await shop.request({ order, flowId: flow.id, source: 'flow', customerName: null, locale: 'nl-BE' });
    await send(ctx, shop.store.id, [first.id]);
    expect((await mailTo(ctx, first.customerEmail!)).text).toContain('Beste klant,');
    const [reminder] = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.reminderOf, first.id));
    expect(reminder!.locale).toBe('nl-BE');
    await ctx.db
      .update(s.shopifyReviewRequests)
      .set({ scheduledAt: new Date(Date.now() - 60_000) })
      .where(eq(s.shopifyReviewRequests.id, reminder!.id));
    await ctx.db.delete(s.emailOutbox).where(eq(s.emailOutbox.toAddress, first.customerEmail!));
    await send(ctx, shop.store.id, [reminder!.id]);
    const mail = await mailTo(ctx, first.customerEmail!);
    expect(mail.subject).toBe(reviewEmailTexts.nl.reminderSubject.replace('{{ order_number }}', order.orderNumber!));
    expect(mail.text).toContain(reviewEmailTexts.nl.reminderFirstLine);
  });
});
