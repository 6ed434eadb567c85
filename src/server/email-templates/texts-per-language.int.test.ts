/**
 * The merchant's texts per customer language (decision 057), on both engines: a template and page
 * texts saved in English beside the French ones, each read back in its language, each sent or shown
 * to the customers of that language only; a language without the merchant's texts gets the shipped
 * ones with the merchant's look; migration 0028 gives the texts saved before it the store's default
 * language.
 */
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { BrandingConfig } from '#core/api/branding';
import type { EmailTemplateConfig } from '#core/api/email-templates';
import { reviewEmailTexts } from '#core/email/texts';
import type { TestContext } from '#tests/support/test-context';
import { ORIGIN } from '#tests/support/http';
import { integrationTest } from '#tests/support/integration';
import { world } from '#tests/support/world';
import { migrationsFolder } from '#db/migrate';
import type { createApp } from '../app';
import { reviewPageCatalogues } from '../messages/review-page';
import { sendBatch } from '../requests/sender';

const it = integrationTest({ TRUST_PROXY: 'true' });

const french = {
  subject: 'Votre commande {{ order_number }} chez {{ store_name }}',
  from_name: 'Atelier Lumière',
  body_content: 'Merci pour votre achat, {{ customer_name }}.',
  button_text: 'Donner mon avis',
  button_url_template: '{{ review_link }}',
  button_color: '#7c3aed',
  footer_text: 'L’équipe {{ store_name }}',
};
const english = {
  language: 'en',
  subject: 'Your order {{ order_number }} at {{ store_name }}',
  from_name: 'Lumiere House',
  body_content: 'Thanks for shopping with us, {{ customer_name }}.',
  button_text: 'Share my review',
  button_url_template: '{{ review_link }}',
  button_color: '#0f766e',
  footer_text: 'The {{ store_name }} team',
};
/** A page-texts save: the texts given, the others left empty (the button's is required). */
const pageTexts = (values: Record<string, string | null>) => ({ button_text: 'SUIVANT', ...values });

const merchant = (ctx: TestContext, app: ReturnType<typeof createApp>) => world(ctx).signedIn(app).store({ shopName: 'Maison Lumière' });
const mailTo = async (ctx: TestContext, address: string) => (await ctx.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, address)))[0]!;
const send = (ctx: TestContext, storeId: string, ids: string[]) => sendBatch(ctx, { workerId: 'texts-test', manual: { storeId, requestIds: ids } });

describe('the e-mail template per language', () => {
  it('is saved, read back and sent per language; a language without one gets the shipped texts with the merchant’s look', async ({ ctx, app }) => {
    const shop = await merchant(ctx, app);
    const { browser, store } = shop;
    expect((await browser.json('/api/email-templates/active', { method: 'PUT', json: french })).status).toBe(200);
    const saved = await browser.json<EmailTemplateConfig>('/api/email-templates/active', { method: 'PUT', json: english });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ language: 'en', default_language: 'fr', saved: true, template: { subject: english.subject, from_name: 'Lumiere House' } });

    const read = await browser.json<EmailTemplateConfig>('/api/email-templates/active?language=en');
    expect(read.body.template.subject).toBe(english.subject);
    expect(read.body.languages).toEqual([
      { language: 'fr', served: true, saved: true },
      { language: 'en', served: true, saved: true },
      { language: 'de', served: true, saved: false },
      { language: 'es', served: true, saved: false },
      { language: 'it', served: true, saved: false },
      { language: 'nl', served: true, saved: false },
    ]);
    // The default language when none is asked; the shipped texts of a language not yet written.
    expect((await browser.json<EmailTemplateConfig>('/api/email-templates/active')).body).toMatchObject({ language: 'fr', template: { subject: french.subject } });
    const german = await browser.json<EmailTemplateConfig>('/api/email-templates/active?language=de');
    expect(german.body).toMatchObject({ language: 'de', saved: false, template: { subject: reviewEmailTexts.de.defaultSubject, body_content: reviewEmailTexts.de.defaultBody } });
    const unknown = await browser.json<{ error: string; code: string }>('/api/email-templates/active?language=pt');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('Langue inconnue');

    // One active template per language: saving English again replaces the English one only.
    await browser.json('/api/email-templates/active', { method: 'PUT', json: { ...english, subject: 'Your review of {{ order_number }}' } });
    const active = await ctx.db
      .select({ language: s.emailTemplates.language, subject: s.emailTemplates.subject })
      .from(s.emailTemplates)
      .where(and(eq(s.emailTemplates.shopId, store.id), eq(s.emailTemplates.isActive, true)));
    expect(active.sort((a, b) => a.language.localeCompare(b.language))).toEqual([
      { language: 'en', subject: 'Your review of {{ order_number }}' },
      { language: 'fr', subject: french.subject },
    ]);

    const requests = [];
    for (const locale of ['fr', 'en-GB', 'de-DE']) requests.push(await shop.request({ customerName: 'Alex', locale }));
    expect(
      await send(
        ctx,
        store.id,
        requests.map((r) => r.id),
      ),
    ).toMatchObject({ processed: 3 });
    const [fr, en, de] = await Promise.all(requests.map((r) => mailTo(ctx, r.customerEmail!)));
    expect(fr!.subject).toMatch(/^Votre commande .+ chez Maison Lumière$/);
    expect(fr!.fromAddress).toContain('Atelier Lumière');
    expect(en!.subject).toMatch(/^Your review of /);
    expect(en!.text).toContain('Thanks for shopping with us, Alex.');
    expect(en!.text).toContain('Share my review');
    expect(en!.fromAddress).toContain('Lumiere House');
    expect(en!.html).toContain('background:#0f766e');
    // German: the shipped German e-mail, with the look of the default language's template.
    expect(de!.subject).toBe(reviewEmailTexts.de.defaultSubject);
    expect(de!.text).not.toContain('Donner mon avis');
    expect(de!.fromAddress).toContain('Atelier Lumière');
    expect(de!.html).toContain('background:#7c3aed');
  });

  it('sends a test of the English template in English', async ({ ctx, app }) => {
    const { browser, email } = await merchant(ctx, app);
    expect((await browser.json('/api/email-templates/test', { method: 'POST', json: english })).status).toBe(200);
    const mail = await mailTo(ctx, email);
    expect(mail.subject).toMatch(/^\[Test\] Your order /);
    expect(mail.text).toContain(reviewEmailTexts.en.defaultGreeting.replace('{{ customer_name }}', 'Marie Dupont'));
    expect(mail.text).toContain('Thanks for shopping with us, Marie Dupont.');
  });
});

describe('the page texts per language', () => {
  it('are saved and read back per language, and shown on the page and in the e-mail of that language only', async ({ ctx, app }) => {
    const shop = await merchant(ctx, app);
    const { browser, store } = shop;
    await browser.json('/api/branding/page', { method: 'PUT', json: pageTexts({ page_title: 'Votre avis compte', email_greeting: 'Chère {{ customer_name }},' }) });
    const saved = await browser.json<BrandingConfig>('/api/branding/page', {
      method: 'PUT',
      json: pageTexts({ language: 'en', page_title: 'Tell us about your order', email_greeting: 'Hello {{ customer_name }},', button_text: 'SEND' }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ language: 'en', page_saved: true, page: { page_title: 'Tell us about your order', button_text: 'SEND' } });

    const read = await browser.json<BrandingConfig>('/api/branding?language=en');
    expect(read.body.page_defaults).toMatchObject({ page_title: reviewPageCatalogues.en.defaultTitle, button_text: reviewPageCatalogues.en.defaultButton });
    expect(read.body.languages.slice(0, 3)).toEqual([
      { language: 'fr', served: true, saved: true },
      { language: 'en', served: true, saved: true },
      { language: 'de', served: true, saved: false },
    ]);
    const italian = await browser.json<BrandingConfig>('/api/branding?language=it');
    expect(italian.body).toMatchObject({ page_saved: false, page: { page_title: null, button_text: reviewPageCatalogues.it.defaultButton } });

    const page = async (token: string) => (await app.request(`${ORIGIN}/review/${token}`)).text();
    const [fr, en, de] = [
      await shop.request({ status: 'sent', locale: 'fr' }),
      await shop.request({ status: 'sent', locale: 'en-US' }),
      await shop.request({ status: 'sent', locale: 'de-DE' }),
    ];
    expect(await page(fr.token)).toContain('<h1>Votre avis compte</h1>');
    const englishPage = await page(en.token);
    expect(englishPage).toContain('<h1>Tell us about your order</h1>');
    expect(englishPage).toContain('SEND');
    expect(await page(de.token)).toContain(`<h1>${reviewPageCatalogues.de.defaultTitle}</h1>`);

    // The preview of the English texts is the English page.
    const preview = await browser.json<{ html: string }>('/api/branding/preview', {
      method: 'POST',
      json: {
        identity: { button_text_color: '#FFFFFF', button_bg_color: '#56dadc', primary_color: '#56dadc' },
        page: pageTexts({ language: 'en', page_title: 'Preview title' }),
        view: 'form',
      },
    });
    expect(preview.body.html).toContain('<html lang="en">');
    expect(preview.body.html).toContain('<h1>Preview title</h1>');

    const requests = [await shop.request({ customerName: 'Alex', locale: 'en' }), await shop.request({ customerName: 'Alex', locale: 'it' })];
    await send(
      ctx,
      store.id,
      requests.map((r) => r.id),
    );
    expect((await mailTo(ctx, requests[0]!.customerEmail!)).text).toContain('Hello Alex,');
    expect((await mailTo(ctx, requests[1]!.customerEmail!)).text).toContain(reviewEmailTexts.it.defaultGreeting.replace('{{ customer_name }}', 'Alex'));
  });
});

describe('migration 0028 on texts saved before it', () => {
  const backfill = () =>
    readFileSync(`${migrationsFolder}/0028_texts_per_language.sql`, 'utf8')
      .split('--> statement-breakpoint')
      .map((part) => part.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('UPDATE'));

  it('gives them the store’s default language, in which they were written', async ({ ctx }) => {
    const w = await world(ctx)
      .merchant()
      .store({ row: { defaultCustomerLanguage: 'de' } });
    // As the old schema wrote them: no language (the column's default).
    await w.template({ name: 'Mein Modell', subject: 'Wie war Ihre Bestellung?' });
    await w.customization({ pageTitle: 'Ihre Meinung zählt' });
    // On this store only: the other tests' stores already hold texts in several languages.
    for (const statement of backfill()) await ctx.db.execute(sql.raw(statement.replace(/;$/, ` AND s."id" = '${w.store.id}';`)));
    const [template] = await ctx.db.select().from(s.emailTemplates).where(eq(s.emailTemplates.shopId, w.store.id));
    const [texts] = await ctx.db.select().from(s.storeCustomization).where(eq(s.storeCustomization.shopId, w.store.id));
    expect(template!.language).toBe('de');
    expect(texts!.language).toBe('de');
  });
});
