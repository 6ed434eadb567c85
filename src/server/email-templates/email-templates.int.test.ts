import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import type { StoredLogo } from '#core/api/branding';
import type { ErrorBody } from '#core/api/errors';
import { TEST_EMAILS_PER_HOUR, type EmailTemplateConfig } from '#core/api/email-templates';
import { DEFAULT_TEMPLATE } from '#core/email/review-email';
import type { TestContext } from '#tests/support/test-context';
import { ORIGIN, type Browserish } from '#tests/support/http';
import { createApp } from '../app';
import type { AppContext } from '../context';
import { messageFor } from '../messages';
import { sendBatch } from '../requests/sender';
import { world } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest({ TRUST_PROXY: 'true' });

const merchant = (ctx: TestContext, app: ReturnType<typeof createApp>, shopName?: string) =>
  world(ctx)
    .signedIn(app)
    .store({ shopName: shopName ?? 'Maison Lumière' });

const upload = (browser: Browserish, bytes: Uint8Array, type: string, path = '/api/email-templates/logo') =>
  browser.json<StoredLogo & { error?: string; code?: string }>(path, { file: { bytes, type } });

const template = {
  subject: 'Votre commande {{ order_number }} chez {{ store_name }}',
  from_name: 'Atelier Lumière',
  body_content: 'Merci pour votre achat, {{ customer_name }}.\n\nVotre avis nous aide à progresser.',
  button_text: 'Donner mon avis',
  button_url_template: '{{ review_link }}',
  button_color: '#7c3aed',
  footer_text: 'L’équipe {{ store_name }}',
};

const outboxTo = (ctx: TestContext, to: string) => ctx.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, to));
const activeTemplates = (ctx: TestContext, storeId: string) =>
  ctx.db
    .select()
    .from(s.emailTemplates)
    .where(and(eq(s.emailTemplates.shopId, storeId), eq(s.emailTemplates.isActive, true)));

describe('GET and PUT /api/email-templates/active', () => {
  it("answers the spec's defaults and the sample until saved, then the saved template with its warnings", async ({ ctx, app }) => {
    const shop = await merchant(ctx, app);
    const { browser, store, email } = shop;
    await shop.customization({ emailGreeting: 'Chère {{ customer_name }},', emailClosing: 'À bientôt\u202f!' });
    await shop.branding({ primaryColor: '#112233', logoUrl: 'https://cdn.maison.test/logo.png' });
    const first = await browser.json<EmailTemplateConfig>('/api/email-templates/active');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      store_name: 'Maison Lumière',
      // The store's default customer language, when none is asked (decision 057).
      language: 'fr',
      default_language: 'fr',
      languages: ['fr', 'en', 'de', 'es', 'it', 'nl'].map((language) => ({ language, served: true, saved: false })),
      saved: false,
      template: {
        subject: 'Votre avis compte pour nous\u202f! 🌟',
        from_name: null,
        logo: null,
        body_content: DEFAULT_TEMPLATE.bodyContent,
        button_text: 'Laisser un avis',
        button_url_template: '{{review_link}}',
        button_color: '#10b981',
        footer_text: 'Merci de votre confiance\u202f!',
        reminder_subject: null,
        reminder_first_line: null,
      },
      page_texts: { email_greeting: 'Chère {{ customer_name }},', email_closing: 'À bientôt\u202f!' },
      // A PNG logo set before uploads existed is shown as it is.
      branding: { logo_email_url: 'https://cdn.maison.test/logo.png', primary_color: '#112233' },
      test_recipient: email,
      sample: { customer_name: 'Marie Dupont', store_name: 'Maison Lumière', order_number: '#1001', review_link: 'http://localhost:3000/review/exemple' },
      warnings: [],
    });

    const saved = await browser.json<EmailTemplateConfig>('/api/email-templates/active', {
      method: 'PUT',
      json: { ...template, body_content: 'Laissez un avis et recevez un code promo de 10 %\u202f!', button_url_template: 'https://maison.test/avis' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.saved).toBe(true);
    expect(saved.body.template).toMatchObject({ subject: template.subject, from_name: 'Atelier Lumière', button_color: '#7c3aed', logo: null });
    expect(saved.body.warnings).toEqual(['missing_review_link', 'incentive_wording']);
    const again = await browser.json<EmailTemplateConfig>('/api/email-templates/active');
    expect(again.body).toMatchObject({ saved: true, warnings: ['missing_review_link', 'incentive_wording'], template: { button_url_template: 'https://maison.test/avis' } });

    const [row] = await activeTemplates(ctx, store.id);
    expect(row).toMatchObject({
      name: 'Modèle principal',
      isDefault: false,
      templateType: 'review_request',
      variables: ['customer_name', 'store_name', 'order_number', 'review_link'],
    });
    // The sample rendering is kept for reference.
    expect(row!.textContent).toContain('Chère Marie Dupont,');
    expect(row!.htmlContent).toContain('Maison Lumière');
  });

  it('warns about the wording of the greeting and closing the e-mail shows around the body', async ({ ctx, app }) => {
    const shop = await merchant(ctx, app);
    await shop.customization({ emailGreeting: 'Si vous êtes satisfait, laissez-nous 5 étoiles\u202f!' });
    const saved = await shop.browser.json<EmailTemplateConfig>('/api/email-templates/active', { method: 'PUT', json: template });
    expect(saved.status).toBe(200);
    expect(saved.body.warnings).toEqual(['selective_wording']);
  });

  it('keeps one active template per store, updating it and setting aside any other', async ({ ctx, app }) => {
    // A store's first saves, at once: one template.
    const fresh = await merchant(ctx, app);
    const first = await Promise.all([1, 2, 3].map((n) => fresh.browser.json('/api/email-templates/active', { method: 'PUT', json: { ...template, subject: `Version ${n}` } })));
    expect(first.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await ctx.db.select().from(s.emailTemplates).where(eq(s.emailTemplates.shopId, fresh.store.id))).toHaveLength(1);

    const shop = await merchant(ctx, app);
    const { browser, store } = shop;
    const old = await shop.template({ name: 'Ancien', subject: 'Ancien objet', isDefault: true, isActive: true });
    await browser.json('/api/email-templates/active', { method: 'PUT', json: template });
    await browser.json('/api/email-templates/active', { method: 'PUT', json: { ...template, subject: 'Deuxième version' } });
    const active = await activeTemplates(ctx, store.id);
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({ subject: 'Deuxième version', isDefault: false });
    const [after] = await ctx.db.select().from(s.emailTemplates).where(eq(s.emailTemplates.id, old.id));
    expect(after!.isActive).toBe(false);
    // Two saves at once: still one active template.
    await Promise.all([1, 2, 3].map((n) => browser.json('/api/email-templates/active', { method: 'PUT', json: { ...template, subject: `Version ${n}` } })));
    expect(await activeTemplates(ctx, store.id)).toHaveLength(1);
    expect(await ctx.db.select().from(s.emailTemplates).where(eq(s.emailTemplates.shopId, store.id))).toHaveLength(2);
  });

  it('refuses a template Liquid cannot render (template_invalid) and bad input in French, changing nothing', async ({ ctx, app }) => {
    const { browser, store } = await merchant(ctx, app);
    await browser.json('/api/email-templates/active', { method: 'PUT', json: template });
    // Said in French, where and what; the place as data too (never liquidjs's « not closed, line:1, col:9 »).
    const refusals = [
      {
        body_content: 'Bonjour {% if customer_name %} toi',
        error: 'à la ligne 1, colonne 9\u202f: la balise {% if %} n’est jamais fermée (il manque {% endif %})',
        position: { line: 1, column: 9 },
      },
      { subject: 'Avis {{ store_name ', error: 'à la ligne 1, colonne 6\u202f: une variable ouverte par {{ n’est pas fermée (il manque }})', position: { line: 1, column: 6 } },
      {
        footer_text: 'Merci\n{% for x in %}{% endfor %}',
        error: 'à la ligne 2, colonne 1\u202f: la balise {% for %} est incomplète ou mal écrite',
        position: { line: 2, column: 1 },
      },
    ];
    for (const { error, position, ...patch } of refusals) {
      const res = await browser.json<ErrorBody>('/api/email-templates/active', { method: 'PUT', json: { ...template, ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(res.body).toEqual({ code: 'template_invalid', error: `Le modèle contient une erreur de syntaxe ${error}.`, position });
    }
    expect(await browser.json('/api/email-templates/active', { method: 'PUT', json: { ...template, button_color: 'violet' } })).toMatchObject({
      status: 400,
      body: { error: 'Couleur invalide\u202f: utilisez le format #RRGGBB' },
    });
    expect(await browser.json('/api/email-templates/active', { method: 'PUT', json: { ...template, subject: '  ' } })).toMatchObject({
      status: 400,
      body: { error: 'L’objet est requis' },
    });
    expect(await browser.json('/api/email-templates/active', { method: 'PUT', json: { ...template, body_content: ' \n ' } })).toMatchObject({
      status: 400,
      body: { error: 'Le contenu est requis' },
    });
    const [row] = await activeTemplates(ctx, store.id);
    expect(row!.subject).toBe(template.subject);
  });

  it('the next e-mail the sender sends is the edited template', async ({ ctx, app }) => {
    const { browser, store } = await merchant(ctx, app);
    await browser.json('/api/email-templates/active', { method: 'PUT', json: template });
    const due = await world(ctx).at(store).request({ customerName: 'Léa Dubois' });
    expect(await sendBatch(ctx, { workerId: 'template-test', manual: { storeId: store.id, requestIds: [due.id] } })).toMatchObject({ processed: 1 });
    const [mail] = await outboxTo(ctx, due.customerEmail!);
    const [order] = await ctx.db.select().from(s.shopifyOrders).where(eq(s.shopifyOrders.id, due.orderId!));
    expect(mail!.subject).toBe(`Votre commande ${order!.orderNumber} chez Maison Lumière`);
    expect(mail!.fromAddress).toMatch(/^"Atelier Lumière" </);
    expect(mail!.text).toContain('Merci pour votre achat, Léa Dubois.');
    expect(mail!.text).toContain(`Donner mon avis\u202f: http://localhost:3000/review/${due.token}`);
    expect(mail!.html).toContain('>Donner mon avis</a>');
    expect(mail!.html).toContain('background:#7c3aed');
    expect(mail!.html).toContain('L’équipe Maison Lumière');
  });
});

describe('the reminder’s subject and first line', () => {
  it('saves them (blank: the defaults), warns about their wording, refuses broken Liquid and over-long text in French', async ({ ctx, app }) => {
    const { browser, store } = await merchant(ctx, app);
    const saved = await browser.json<EmailTemplateConfig>('/api/email-templates/active', {
      method: 'PUT',
      json: { ...template, reminder_subject: '  Un mot sur {{ order_number }}\u202f?  ', reminder_first_line: 'Nous revenons vers vous, {{ customer_name }}.' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.template).toMatchObject({ reminder_subject: 'Un mot sur {{ order_number }}\u202f?', reminder_first_line: 'Nous revenons vers vous, {{ customer_name }}.' });
    expect(saved.body.warnings).toEqual([]);
    const [row] = await activeTemplates(ctx, store.id);
    expect(row).toMatchObject({ reminderSubject: 'Un mot sur {{ order_number }}\u202f?', reminderFirstLine: 'Nous revenons vers vous, {{ customer_name }}.' });

    // Blank or absent: null, the defaults.
    const blank = await browser.json<EmailTemplateConfig>('/api/email-templates/active', { method: 'PUT', json: { ...template, reminder_subject: '   ' } });
    expect(blank.body.template).toMatchObject({ reminder_subject: null, reminder_first_line: null });

    // The compliance warnings read them too.
    const rewarded = await browser.json<EmailTemplateConfig>('/api/email-templates/active', {
      method: 'PUT',
      json: { ...template, reminder_first_line: 'Un bon d’achat vous attend si vous êtes satisfait.' },
    });
    expect(rewarded.body.warnings).toEqual(['selective_wording', 'incentive_wording']);

    for (const patch of [{ reminder_subject: 'Rappel {{ order_number ' }, { reminder_first_line: '{% if customer_name %} sans fin' }]) {
      const res = await browser.json<{ error: string; code: string }>('/api/email-templates/active', { method: 'PUT', json: { ...template, ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(res.body.code).toBe('template_invalid');
    }
    expect(await browser.json('/api/email-templates/active', { method: 'PUT', json: { ...template, reminder_subject: 'x'.repeat(201) } })).toMatchObject({
      status: 400,
      body: { error: 'L’objet de la relance ne peut pas dépasser 200 caractères' },
    });
    expect(await browser.json('/api/email-templates/active', { method: 'PUT', json: { ...template, reminder_first_line: 'x'.repeat(501) } })).toMatchObject({
      status: 400,
      body: { error: 'La phrase d’introduction de la relance ne peut pas dépasser 500 caractères' },
    });
    const [after] = await activeTemplates(ctx, store.id);
    expect(after!.reminderFirstLine).toBe('Un bon d’achat vous attend si vous êtes satisfait.');
  });
});

describe('POST /api/email-templates/logo', () => {
  it('takes any image by content (as a PNG for e-mails) under the account, and refuses what is not one', async ({ ctx, app }) => {
    const { browser, userId, store } = await merchant(ctx, app);
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#00aa00' } })
      .gif()
      .toBuffer();
    const res = await upload(browser, new Uint8Array(gif), 'image/gif');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ content_type: 'image/gif' });
    expect(res.body.key).toMatch(new RegExp(`^email-logos/${userId}/\\d{13}-[0-9a-f]{6}\\.gif$`));
    expect((await ctx.storage.get(ctx.storage.keyOfUrl(res.body.email_url)!))?.contentType).toBe('image/png');

    const text = await upload(browser, new TextEncoder().encode('pas une image'), 'image/png');
    expect(text).toMatchObject({ status: 415, body: { code: 'template_logo_not_image', error: 'Veuillez sélectionner une image' } });
    const tooLarge = await upload(browser, new Uint8Array(2 * 1024 * 1024 + 1), 'image/png');
    expect(tooLarge).toMatchObject({ status: 413, body: { code: 'template_logo_too_large', error: 'L’image ne doit pas dépasser 2 Mo' } });

    // Saved with the template, the e-mail shows its PNG.
    const saved = await browser.json<EmailTemplateConfig>('/api/email-templates/active', { method: 'PUT', json: { ...template, logo_key: res.body.key } });
    expect(saved.body.template.logo).toEqual(res.body);
    // Absent keeps it.
    expect((await browser.json<EmailTemplateConfig>('/api/email-templates/active', { method: 'PUT', json: template })).body.template.logo).toEqual(res.body);
    const due = await world(ctx).at(store).request();
    await sendBatch(ctx, { workerId: 'template-logo-test', manual: { storeId: store.id, requestIds: [due.id] } });
    const [mail] = await outboxTo(ctx, due.customerEmail!);
    expect(mail!.html).toContain(`src="${res.body.email_url}"`);
    // null removes it.
    expect((await browser.json<EmailTemplateConfig>('/api/email-templates/active', { method: 'PUT', json: { ...template, logo_key: null } })).body.template.logo).toBeNull();
  });

  it("refuses another account's logo and a branding logo as the template's", async ({ ctx, app }) => {
    const a = await merchant(ctx, app);
    const b = await merchant(ctx, app);
    const png = new Uint8Array(
      await sharp({ create: { width: 20, height: 20, channels: 4, background: '#123456' } })
        .png()
        .toBuffer(),
    );
    const aLogo = (await upload(a.browser, png, 'image/png')).body;
    const bBranding = (await upload(b.browser, png, 'image/png', '/api/branding/logo')).body;
    for (const key of [aLogo.key, bBranding.key, aLogo.key.replace(a.userId, b.userId)]) {
      for (const path of ['/api/email-templates/active', '/api/email-templates/test']) {
        const res = await b.browser.json(path, { method: path.endsWith('test') ? 'POST' : 'PUT', json: { ...template, logo_key: key } });
        expect(res, `${path} ${key}`).toMatchObject({ status: 404, body: { code: 'logo_not_found' } });
      }
    }
    expect(await activeTemplates(ctx, b.store.id)).toHaveLength(0);
  });
});

describe('POST /api/email-templates/test', () => {
  it("sends the unsaved template to the merchant's own address, marked as a test, not counted", async ({ ctx, app }) => {
    const { browser, store, email } = await merchant(ctx, app);
    const usageBefore = await ctx.db.select().from(s.shopUsage).where(eq(s.shopUsage.shopDomain, store.shopDomain));
    const res = await browser.json('/api/email-templates/test', {
      method: 'POST',
      // Fields naming another recipient are no part of the contract: never read.
      json: { ...template, to: 'victime@exemple.test', recipientEmail: 'victime@exemple.test', test_recipient: 'victime@exemple.test' },
    });
    expect(res).toEqual(expect.objectContaining({ status: 200, body: { sent_to: email } }));
    const [mail] = await outboxTo(ctx, email);
    expect(mail!.subject).toBe('[Test] Votre commande #1001 chez Maison Lumière');
    expect(mail!.fromAddress).toMatch(/^"Atelier Lumière" </);
    expect(mail!.text).toMatch(/^E-mail de test\s: /);
    expect(mail!.text).toContain('Merci pour votre achat, Marie Dupont.');
    expect(mail!.text).toContain('Donner mon avis\u202f: http://localhost:3000/app/branding');
    expect(mail!.html).toContain('E-mail de test\u202f: ');
    expect(mail!.html).toContain('href="http://localhost:3000/app/branding"');
    expect(await outboxTo(ctx, 'victime@exemple.test')).toHaveLength(0);
    expect(await ctx.db.select().from(s.shopUsage).where(eq(s.shopUsage.shopDomain, store.shopDomain))).toEqual(usageBefore);
    // Nothing was saved.
    expect(await activeTemplates(ctx, store.id)).toHaveLength(0);
  });

  it('refuses a broken template, and is limited per store and hour', async ({ ctx, app }) => {
    const { browser, email } = await merchant(ctx, app);
    expect(await browser.json('/api/email-templates/test', { method: 'POST', json: { ...template, body_content: '{% if %}' } })).toMatchObject({
      status: 422,
      body: { code: 'template_invalid' },
    });
    for (let i = 0; i < TEST_EMAILS_PER_HOUR; i++) expect((await browser.json('/api/email-templates/test', { method: 'POST', json: template })).status).toBe(200);
    const limited = await browser.json('/api/email-templates/test', { method: 'POST', json: template });
    expect(limited).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await outboxTo(ctx, email)).toHaveLength(TEST_EMAILS_PER_HOUR);
  });

  it('answers test_email_failed when the transport refuses', async ({ ctx, app }) => {
    const { browser } = await merchant(ctx, app);
    const failing: AppContext = {
      ...ctx,
      mailer: {
        kind: 'smtp',
        send: () => Promise.reject(new Error('connect ECONNREFUSED')),
        wasAccepted: () => Promise.resolve(null),
        close: () => Promise.resolve(),
      },
    };
    const down = createApp(failing);
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await down.request(`${ORIGIN}/api/email-templates/test`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' },
      body: JSON.stringify(template),
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ code: 'test_email_failed', error: messageFor('test_email_failed') });
  });
});
