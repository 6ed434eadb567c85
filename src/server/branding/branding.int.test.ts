import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import { BRANDING_DEFAULTS, LOGO_MAX_BYTES, LOGO_UPLOADS_PER_HOUR, type BrandingConfig, type StoredLogo } from '#core/api/branding';
import type { TestContext } from '#tests/support/test-context';
import { ORIGIN, signedInMerchant, type Browserish } from '#tests/support/http';
import { createApp } from '../app';
import { messageFor } from '../messages';
import { sendBatch } from '../requests/sender';
import { world } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

// Each test browser has its own client address (sign-up is rate limited per address).
const it = integrationTest({ TRUST_PROXY: 'true' });

const merchant = (ctx: TestContext, app: ReturnType<typeof createApp>, shopName?: string) =>
  world(ctx)
    .signedIn(app)
    .store({ shopName: shopName ?? 'Maison Lumière' });

const upload = (browser: Browserish, path: string, bytes: Uint8Array, type: string) =>
  browser.json<StoredLogo & { error?: string; code?: string }>(path, { file: { bytes, type } });

const png = (width = 800, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: '#ff6600' } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: '#0066ff' } })
    .jpeg()
    .toBuffer();
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" fill="#123456"/><text x="10" y="25">Maison</text></svg>';
const identity = { button_text_color: '#FFFFFF', button_bg_color: '#222222', primary_color: '#AA3300' };
const page = {
  page_title: 'Votre avis sur Maison Lumière',
  page_description: 'Deux minutes suffisent.',
  thank_you_message: 'Merci infiniment\u202f!',
  positive_feedback_message: 'Ravis que cela vous ait plu.',
  negative_feedback_message: 'Nous allons faire mieux.',
  email_greeting: 'Chère {{ customer_name }},',
  email_closing: 'À très bientôt chez {{ store_name }}.',
  button_text: 'ENVOYER',
};

describe('GET and PUT /api/branding', () => {
  it("answers the spec's defaults until saved, then what was saved", async ({ ctx, app }) => {
    const { browser, store } = await merchant(ctx, app);
    const first = await browser.json<BrandingConfig>('/api/branding');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      store_id: store.id,
      store_name: 'Maison Lumière',
      identity_saved: false,
      page_saved: false,
      // The page's texts in the store's default language (decision 057).
      language: 'fr',
      default_language: 'fr',
      languages: ['fr', 'en', 'de', 'es', 'it', 'nl'].map((language) => ({ language, served: true, saved: false })),
      identity: { logo: null, button_text_color: '#FFFFFF', button_bg_color: '#56dadc', primary_color: '#56dadc' },
      page: {
        page_title: null,
        page_description: null,
        thank_you_message: null,
        positive_feedback_message: null,
        negative_feedback_message: null,
        email_greeting: null,
        email_closing: null,
        button_text: BRANDING_DEFAULTS.button_text,
      },
      page_defaults: {
        page_title: 'Votre avis compte pour nous',
        page_description: 'Comment s’est passée votre commande chez Maison Lumière\u202f?',
        thank_you_message: 'Merci pour votre avis\u202f!',
        button_text: BRANDING_DEFAULTS.button_text,
      },
    });

    const savedIdentity = await browser.json<BrandingConfig>('/api/branding/identity', { method: 'PUT', json: identity });
    expect(savedIdentity.status).toBe(200);
    expect(savedIdentity.body).toMatchObject({ identity_saved: true, page_saved: false, identity: { logo: null, ...identity } });

    const savedPage = await browser.json<BrandingConfig>('/api/branding/page', { method: 'PUT', json: { ...page, page_description: '   ' } });
    expect(savedPage.status).toBe(200);
    // Blank texts are stored as none (the page then shows its default).
    expect(savedPage.body).toMatchObject({ page_saved: true, page: { ...page, page_description: null } });

    const again = await browser.json<BrandingConfig>('/api/branding');
    expect(again.body).toMatchObject({ identity_saved: true, page_saved: true, identity: { logo: null, ...identity }, page: { ...page, page_description: null } });
    const [row] = await ctx.db.select().from(s.storeCustomization).where(eq(s.storeCustomization.shopId, store.id));
    expect(row).toMatchObject({ pageTitle: page.page_title, pageDescription: null, emailGreeting: page.email_greeting, buttonText: 'ENVOYER' });
  });

  it('refuses bad input in French and changes nothing', async ({ ctx, app }) => {
    const { browser, store } = await merchant(ctx, app);
    await browser.json('/api/branding/identity', { method: 'PUT', json: identity });
    for (const colour of ['red', '#12345', '#GGGGGG', '', 'javascript:alert(1)']) {
      const res = await browser.json('/api/branding/identity', { method: 'PUT', json: { ...identity, primary_color: colour } });
      expect(res, colour).toMatchObject({ status: 400, body: { code: 'invalid_input', error: 'Couleur invalide\u202f: utilisez le format #RRGGBB', field: 'primary_color' } });
    }
    const [row] = await ctx.db.select().from(s.storeBranding).where(eq(s.storeBranding.shopId, store.id));
    expect(row!.primaryColor).toBe('#AA3300');

    expect(await browser.json('/api/branding/page', { method: 'PUT', json: { ...page, button_text: '  ' } })).toMatchObject({
      status: 400,
      body: { error: 'Le texte du bouton est requis' },
    });
    expect(await browser.json('/api/branding/page', { method: 'PUT', json: { ...page, page_title: 'x'.repeat(121) } })).toMatchObject({
      status: 400,
      body: { error: 'Le titre ne peut pas dépasser 120 caractères' },
    });
    // A greeting Liquid cannot render would fail every e-mail: refused at the save.
    const broken = await browser.json<{ error: string; field: string; position?: unknown }>('/api/branding/page', {
      method: 'PUT',
      json: { ...page, email_greeting: 'Bonjour {% if customer_name %}' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.field).toBe('email_greeting');
    expect(broken.body.error).toBe(
      'La formule d’accueil contient une erreur de syntaxe à la ligne 1, colonne 9\u202f: la balise {% if %} n’est jamais fermée (il manque {% endif %}).',
    );
    expect(broken.body).toMatchObject({ position: { line: 1, column: 9 } });
    const closing = await browser.json<{ field: string }>('/api/branding/page', { method: 'PUT', json: { ...page, email_closing: '{{ store_name ' } });
    expect(closing).toMatchObject({ status: 400, body: { field: 'email_closing' } });
    expect(await ctx.db.select().from(s.storeCustomization).where(eq(s.storeCustomization.shopId, store.id))).toHaveLength(0);
  });
});

describe('POST /api/branding/logo', () => {
  it('stores PNG, JPG and SVG by content with a PNG for e-mails, without changing the saved branding', async ({ ctx, app }) => {
    const { browser, store } = await merchant(ctx, app);
    for (const [bytes, type, extension] of [
      [await png(), 'image/png', 'png'],
      [await jpeg(), 'image/jpeg', 'jpg'],
      [new TextEncoder().encode(SVG), 'image/svg+xml', 'svg'],
    ] as const) {
      const res = await upload(browser, '/api/branding/logo', new Uint8Array(bytes), type);
      expect(res.status, type).toBe(201);
      expect(res.body.content_type).toBe(type);
      expect(res.body.key).toMatch(new RegExp(`^branding/${store.id}/logo-\\d{13}-[0-9a-f]{6}\\.${extension}$`));
      expect(res.body.url).toBe(ctx.storage.publicUrl(res.body.key));
      expect(res.body.email_url).toBe(ctx.storage.publicUrl(res.body.key.replace(/\.[a-z]+$/, '-email.png')));
      const original = await ctx.storage.get(res.body.key);
      expect(original?.contentType).toBe(type);
      const emailKey = ctx.storage.keyOfUrl(res.body.email_url)!;
      const emailPng = await ctx.storage.get(emailKey);
      expect(emailPng?.contentType).toBe('image/png');
      expect((await sharp(emailPng!.bytes).metadata()).format).toBe('png');
    }
    // The upload alone changes nothing: the save does.
    expect(await ctx.db.select().from(s.storeBranding).where(eq(s.storeBranding.shopId, store.id))).toHaveLength(0);
  });

  it('two uploads at once get two keys', async ({ ctx, app }) => {
    const { browser } = await merchant(ctx, app);
    const bytes = new Uint8Array(await png(50, 50));
    const [a, b] = await Promise.all([upload(browser, '/api/branding/logo', bytes, 'image/png'), upload(browser, '/api/branding/logo', bytes, 'image/png')]);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.body.key).not.toBe(b.body.key);
  });

  it('refuses a renamed text file, a file over 2 MB, and an image that cannot be read', async ({ ctx, app }) => {
    const { browser } = await merchant(ctx, app);
    const text = await upload(browser, '/api/branding/logo', new TextEncoder().encode('ceci est un fichier texte, pas une image'), 'image/png');
    expect(text).toMatchObject({ status: 415, body: { code: 'logo_unsupported_type', error: 'Veuillez télécharger un fichier PNG, JPG ou SVG' } });
    // A GIF is an image, but not a logo type (the template's logo takes it).
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(await upload(browser, '/api/branding/logo', new Uint8Array(gif), 'image/gif')).toMatchObject({ status: 415, body: { code: 'logo_unsupported_type' } });

    const tooLarge = new Uint8Array(LOGO_MAX_BYTES + 1);
    tooLarge.set(await png(10, 10));
    expect(await upload(browser, '/api/branding/logo', tooLarge, 'image/png')).toMatchObject({
      status: 413,
      body: { code: 'logo_too_large', error: 'Le fichier doit faire moins de 2 Mo' },
    });

    const truncated = (await png()).subarray(0, 60);
    expect(await upload(browser, '/api/branding/logo', new Uint8Array(truncated), 'image/png')).toMatchObject({
      status: 422,
      body: { code: 'logo_unreadable', error: messageFor('logo_unreadable') },
    });
  });

  it('bounds the uploads a store makes in an hour (every upload is kept)', async ({ ctx, app }) => {
    const { browser, store } = await merchant(ctx, app);
    // The window's count as if the store had already uploaded its hour's worth.
    await ctx.db.insert(s.rateLimit).values({ id: `rl-${store.id}`, key: `logo-upload:branding/${store.id}/`, count: LOGO_UPLOADS_PER_HOUR, lastRequest: Date.now() });
    const refused = await upload(browser, '/api/branding/logo', new Uint8Array(await png(20, 20)), 'image/png');
    expect(refused).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
  });

  it('accepts an SVG carrying a script, stored without it', async ({ ctx, app }) => {
    const { browser } = await merchant(ctx, app);
    const hostile = SVG.replace('</svg>', '<script>alert(document.cookie)</script><a href="javascript:alert(1)"><text onclick="alert(2)">x</text></a></svg>');
    const res = await upload(browser, '/api/branding/logo', new TextEncoder().encode(hostile), 'image/svg+xml');
    expect(res.status).toBe(201);
    const stored = new TextDecoder().decode((await ctx.storage.get(res.body.key))!.bytes);
    expect(stored).toContain('<svg');
    expect(stored).not.toMatch(/<script|javascript:|onclick/i);
  });

  it('needs a session and an active store', async ({ app }) => {
    const { browser } = await signedInMerchant(app);
    expect(await upload(browser, '/api/branding/logo', new Uint8Array(await png(10, 10)), 'image/png')).toMatchObject({ status: 404, body: { code: 'no_store' } });
  });
});

describe('a saved logo on the preview, the review page and the e-mail', () => {
  it('keeps, replaces and removes the logo by key, and shows it everywhere once saved', async ({ ctx, app }) => {
    const { browser, store } = await merchant(ctx, app);
    const logo = (await upload(browser, '/api/branding/logo', new TextEncoder().encode(SVG), 'image/svg+xml')).body;

    // The preview shows an unsaved logo with the unsaved texts, as the real page does, without a script.
    const preview = await browser.json<{ html: string }>('/api/branding/preview', { method: 'POST', json: { identity: { ...identity, logo_key: logo.key }, page } });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain(`src="${logo.url}"`);
    expect(preview.body.html).toContain('<h1>Votre avis sur Maison Lumière</h1>');
    expect(preview.body.html).toContain('border-top:6px solid #AA3300');
    expect(preview.body.html).toContain('>ENVOYER</button>');
    expect(preview.body.html.match(/type="radio"/g)).toHaveLength(5);
    expect(preview.body.html).not.toContain('<script');

    const saved = await browser.json<BrandingConfig>('/api/branding/identity', { method: 'PUT', json: { ...identity, logo_key: logo.key } });
    expect(saved.status).toBe(200);
    expect(saved.body.identity.logo).toEqual(logo);
    const [row] = await ctx.db.select().from(s.storeBranding).where(eq(s.storeBranding.shopId, store.id));
    expect(row).toMatchObject({ logoUrl: logo.url, logoEmailUrl: logo.email_url });
    // Absent keeps the saved logo.
    expect((await browser.json<BrandingConfig>('/api/branding/identity', { method: 'PUT', json: identity })).body.identity.logo).toEqual(logo);
    expect((await browser.json<BrandingConfig>('/api/branding')).body.identity.logo).toEqual(logo);
    await browser.json('/api/branding/page', { method: 'PUT', json: page });

    // The real review page shows the saved original (the SVG).
    const request = await world(ctx).at(store).request({ status: 'sent' });
    const reviewPage = await (await app.request(`${ORIGIN}/review/${request.token}`)).text();
    expect(reviewPage).toContain(`src="${logo.url}"`);
    expect(reviewPage).toContain('<h1>Votre avis sur Maison Lumière</h1>');

    // The e-mail shows the PNG made for e-mails, with the saved greeting and closing.
    const due = await world(ctx).at(store).request({ customerName: 'Léa Dubois' });
    expect(await sendBatch(ctx, { workerId: 'branding-test', manual: { storeId: store.id, requestIds: [due.id] } })).toMatchObject({ processed: 1 });
    const [mail] = await ctx.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, due.customerEmail!));
    expect(mail!.html).toContain(`src="${logo.email_url}"`);
    expect(mail!.html).not.toContain(logo.url);
    expect(mail!.text).toMatch(/^Chère Léa Dubois,/);
    expect(mail!.text).toContain('À très bientôt chez Maison Lumière.');

    // null removes it: the page shows the store's name.
    const removed = await browser.json<BrandingConfig>('/api/branding/identity', { method: 'PUT', json: { ...identity, logo_key: null } });
    expect(removed.body.identity.logo).toBeNull();
    const without = await (await app.request(`${ORIGIN}/review/${request.token}`)).text();
    expect(without).not.toContain('<img');
    expect(without).toContain('<span class="store">Maison Lumière</span>');
  });

  it('previews the thank-you pages for a positive and a negative rating', async ({ ctx, app }) => {
    const shop = await merchant(ctx, app);
    const { browser } = shop;
    await shop.ratingActions(
      [5, 4, 3, 2, 1].map((rating) => ({
        rating,
        actionType: rating >= 4 ? ('redirect' as const) : ('collect_feedback' as const),
        redirectUrl: rating >= 4 ? 'https://g.page/r/maison/review' : null,
        feedbackMessage: rating < 4 ? 'Dites-nous tout' : null,
      })),
    );
    const body = { identity, page };
    const positive = await browser.json<{ html: string }>('/api/branding/preview', { method: 'POST', json: { ...body, view: 'thanks_positive' } });
    expect(positive.body.html).toContain('Merci infiniment\u202f!');
    expect(positive.body.html).toContain('Ravis que cela vous ait plu.');
    expect(positive.body.html).toContain('href="https://g.page/r/maison/review"');
    const negative = await browser.json<{ html: string }>('/api/branding/preview', { method: 'POST', json: { ...body, view: 'thanks_negative' } });
    expect(negative.body.html).toContain('Nous allons faire mieux.');
    // With every rating on the same path (the default), the unhappy customer is offered the site too.
    expect(negative.body.html).toContain('href="https://g.page/r/maison/review"');
    // Without texts: the page's defaults.
    const defaults = await browser.json<{ html: string }>('/api/branding/preview', {
      method: 'POST',
      json: { identity, page: { button_text: 'SUIVANT' } },
    });
    expect(defaults.body.html).toContain('<h1>Votre avis compte pour nous</h1>');
    expect(defaults.body.html).toContain('Comment s’est passée votre commande chez Maison Lumière\u202f?');
    expect(defaults.body.html).not.toContain('<script');
  });

  it("refuses another store's logo key and a key that is not an upload (logo_not_found), changing nothing", async ({ ctx, app }) => {
    const a = await merchant(ctx, app, 'Boutique A');
    const b = await merchant(ctx, app, 'Boutique B');
    const aLogo = (await upload(a.browser, '/api/branding/logo', new Uint8Array(await png(20, 20)), 'image/png')).body;
    const bLogo = (await upload(b.browser, '/api/branding/logo', new Uint8Array(await png(20, 20)), 'image/png')).body;
    await b.browser.json('/api/branding/identity', { method: 'PUT', json: { ...identity, logo_key: bLogo.key } });
    const forged = [
      aLogo.key,
      aLogo.key.replace(a.store.id, b.store.id), // B's folder, a file that does not exist
      bLogo.key.replace('.png', '-email.png'), // the e-mail copy is no key a save may name
      `branding/${b.store.id}/../${a.store.id}/${aLogo.key.split('/').pop()}`,
      `email-logos/${b.userId}/${Date.now()}-abcdef.png`,
      'https://evil.example/logo.png',
    ];
    for (const key of forged) {
      expect(await b.browser.json('/api/branding/identity', { method: 'PUT', json: { ...identity, logo_key: key } }), key).toMatchObject({
        status: 404,
        body: { code: 'logo_not_found', error: 'Ce logo est introuvable. Veuillez le télécharger à nouveau.' },
      });
      expect((await b.browser.json('/api/branding/preview', { method: 'POST', json: { identity: { ...identity, logo_key: key }, page } })).status, key).toBe(404);
    }
    const [row] = await ctx.db.select().from(s.storeBranding).where(eq(s.storeBranding.shopId, b.store.id));
    expect(row!.logoUrl).toBe(bLogo.url);
    // Each merchant reads and writes only its own store.
    expect((await a.browser.json<BrandingConfig>('/api/branding')).body).toMatchObject({ store_id: a.store.id, identity_saved: false });
  });
});
