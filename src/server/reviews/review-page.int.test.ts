// The review page: the form, routing by rating, one use per link, validation.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '#db/schema';
import type { TestContext } from '#tests/support/test-context';
import { signedInMerchant, ORIGIN } from '#tests/support/http';
import { reviewPageSuite, REVIEW_SITE } from '#tests/support/review-page';
import { world } from '#tests/support/world';
import type { createApp } from '../app';
import { newPublicToken } from '../security/tokens';

const suite = reviewPageSuite();
const { storeWithActions, post, followed, reviewsOf, requestById, runJobs, outboxTo } = suite;
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
/** Client addresses of the JSON posts below (the page limits per address). */
let ip = 0;
beforeAll(() => {
  ({ ctx, app } = suite);
});

describe('GET /review/{token}', () => {
  it('serves the branded form as HTML, prefilled, with its script allowed by a nonce', async () => {
    const store = await storeWithActions();
    const request = await world(ctx).at(store).request({ status: 'sent', customerName: 'Léa <Dubois>' });
    const res = await app.request(`${ORIGIN}/review/${request.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    expect(html).toContain('<h1>Votre avis sur Maison Lumière</h1>');
    expect(html).toContain('src="https://cdn.maison.test/logo.png"');
    expect(html).toContain('border-top:6px solid #123456');
    // White on white is unreadable: the button text falls back to a readable colour.
    expect(html).toMatch(/background:#ffffff;color:#111827/);
    expect(html).toContain('value="Léa &lt;Dubois&gt;"');
    expect(html).toContain(`value="${request.customerEmail}"`);
    expect(html.match(/type="radio"/g)).toHaveLength(5);
    expect(html).toContain('>ENVOYER</button>');
    const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    expect(Buffer.byteLength(html)).toBeLessThan(14_000); // one round trip on a phone
  });

  it('answers 404 pages for an unknown token and for a store that is gone', async () => {
    const unknown = await app.request(`${ORIGIN}/review/${newPublicToken()}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<h1>Lien invalide ou expiré</h1>');
    const malformed = await app.request(`${ORIGIN}/review/abc`);
    expect(malformed.status).toBe(404);

    const store = await storeWithActions();
    const request = await world(ctx).at(store).request({ status: 'sent' });
    await ctx.db.update(s.shopifyStores).set({ isActive: false }).where(eq(s.shopifyStores.id, store.id));
    const gone = await app.request(`${ORIGIN}/review/${request.token}`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('<h1>Boutique introuvable</h1>');
    const submit = await post(request.token, { rating: 5, name: 'A', email: 'a@exemple.test' });
    expect(submit.status).toBe(404);
    expect(await submit.json()).toEqual({ error: 'Boutique introuvable' });
  });
});

describe('submitting a review, routing by rating (same path off)', () => {
  it('5 stars with a redirect: published, request completed, sent to the review site', async () => {
    const store = await storeWithActions();
    const request = await world(ctx).at(store).request({ status: 'sent' });
    const res = await post(request.token, { rating: 5, name: 'Léa', email: 'Lea@Exemple.test', comment: 'Parfait' });
    const [review] = await reviewsOf(store);
    // Through our tracked link, which moves on to the site.
    // With the thank-you block and where its photos go (decision 058: shown when a photo is not kept).
    expect(await res.json()).toEqual({
      next: 'redirect',
      url: `/review/${request.token}/public-site/${review!.id}`,
      html: expect.stringContaining('done-title'),
      photos: { url: `/review/${request.token}/photos?langue=fr`, key: expect.any(String), max: 3 },
    });
    expect(await followed(`/review/${request.token}/public-site/${review!.id}`)).toBe(REVIEW_SITE);
    expect(review).toMatchObject({
      rating: 5,
      isPublished: true,
      actionTaken: 'redirect',
      comment: 'Parfait',
      customerEmail: 'lea@exemple.test',
      reviewRequestId: request.id,
      shopifyOrderId: request.shopifyOrderId,
      publicReviewUrl: REVIEW_SITE,
    });
    expect((await requestById(request.id)).status).toBe('completed');
  });

  it('without JavaScript: the form post is answered with a page moving on to the review site, or the thank-you page', async () => {
    const store = await storeWithActions();
    const five = await world(ctx).at(store).request({ status: 'sent' });
    const redirected = await post(five.token, { rating: 4, name: 'Léa', email: 'lea@exemple.test' }, false);
    // Not a 303: Chrome blocks a redirect to another site after a form post under form-action 'self'.
    expect(redirected.status).toBe(200);
    const moving = await redirected.text();
    const link = /content="0;url=(\/review\/[^"]+)"/.exec(moving)?.[1];
    expect(link).toMatch(new RegExp(`^/review/${five.token}/public-site/[0-9a-f-]{36}$`));
    expect(moving).toContain(`href="${link}"`);
    expect(await followed(link!)).toBe(REVIEW_SITE);
    const three = await world(ctx).at(store).request({ status: 'sent' });
    const thanked = await post(three.token, { rating: 3, name: 'Hugo', email: 'hugo@exemple.test', comment: 'Moyen' }, false);
    expect(thanked.status).toBe(200);
    const page = await thanked.text();
    expect(page).toContain('Merci infiniment\u202f!');
    expect(page).toContain('Nous allons faire mieux.');
    expect(page).not.toContain('Laisser un avis public');
  });

  it('3 stars collecting feedback: the comment reaches the merchant, the review is published like any other, with no alert', async () => {
    const store = await storeWithActions();
    const request = await world(ctx).at(store).request({ status: 'sent' });
    const res = await post(request.token, { rating: 3, name: 'Hugo', email: 'hugo@exemple.test', comment: 'Livraison lente' });
    const body = (await res.json()) as { next: string; html: string };
    expect(body.next).toBe('thanks');
    expect(body.html).toContain('Merci infiniment\u202f!');
    const [review] = await reviewsOf(store);
    // An order's review: a verified purchase, published whatever its rating (decision 044).
    expect(review).toMatchObject({ rating: 3, isPublished: true, origin: 'order', actionTaken: 'collect_feedback', comment: 'Livraison lente' });
    await runJobs();
    expect(await outboxTo('alerte@maison.test')).toHaveLength(0);
  });

  it('2 stars collecting feedback with an alert address, and 1 star notify_email, e-mail the merchant the review', async () => {
    const store = await storeWithActions({ actions: { 2: { notificationEmail: 'deux@maison.test' }, 1: { notificationEmail: 'un@maison.test' } } });
    const two = await world(ctx).at(store).request({ status: 'sent' });
    const one = await world(ctx).at(store).request({ status: 'sent' });
    const [order] = await ctx.db.select().from(s.shopifyOrders).where(eq(s.shopifyOrders.id, one.orderId!));
    expect((await (await post(two.token, { rating: 2, name: 'Chloé', email: 'chloe@exemple.test', comment: 'Abîmé' })).json()).next).toBe('thanks');
    expect((await (await post(one.token, { rating: 1, name: 'Louis <b>', email: 'louis@exemple.test', comment: 'Jamais reçu\nTrès déçu' })).json()).next).toBe('thanks');
    await runJobs();
    const [alert2] = await outboxTo('deux@maison.test');
    expect(alert2!.subject).toBe('Nouvel avis 2/5 pour Maison Lumière');
    expect(alert2!.text).toContain('Commentaire\u202f: Abîmé');
    const [alert1] = await outboxTo('un@maison.test');
    expect(alert1!.subject).toBe('Nouvel avis 1/5 pour Maison Lumière');
    expect(alert1!.text).toContain('Note\u202f: ★☆☆☆☆ (1/5)');
    expect(alert1!.text).toContain('Client\u202f: Louis <b>');
    expect(alert1!.text).toContain('E-mail\u202f: louis@exemple.test');
    expect(alert1!.text).toContain(`Commande\u202f: ${order!.orderNumber}`);
    expect(alert1!.text).toContain('Jamais reçu\nTrès déçu');
    expect(alert1!.html).toMatch(/<th scope="row"[^>]*>Client<\/th><td[^>]*>Louis &lt;b&gt;<\/td>/);
    expect(alert1!.html).toMatch(/<th scope="row"[^>]*>Commentaire<\/th><td[^>]*>Jamais reçu<br>Très déçu<\/td>/);
    expect(alert1!.html).toContain(`<a href="${ctx.config.appUrl.replace(/\/+$/, '')}/app/feedback"`);
    expect(alert1!.html).not.toContain('<b>');
    expect(alert1!.headers).toMatchObject({ 'Reply-To': 'louis@exemple.test' });
    const [review] = (await reviewsOf(store)).filter((r) => r.rating === 1);
    expect(review).toMatchObject({ actionTaken: 'notify_email', isPublished: true, origin: 'order' });
  });

  it('a rating with no action just thanks', async () => {
    const store = await storeWithActions({ actions: { 4: { actionType: 'none', redirectUrl: null } } });
    const request = await world(ctx).at(store).request({ status: 'sent' });
    const body = (await (await post(request.token, { rating: 4, name: 'Inès', email: 'ines@exemple.test' })).json()) as { next: string; html: string };
    expect(body.next).toBe('thanks');
    expect(body.html).toContain('Ravi que cela vous ait plu.');
    expect((await reviewsOf(store))[0]).toMatchObject({ isPublished: true, actionTaken: 'none' });
  });
});

describe('same path for every rating (review-gating compliance)', () => {
  it('redirects nobody and offers every rating the public review link; actions only add steps', async () => {
    const store = await storeWithActions({ samePath: true });
    for (const rating of [5, 1]) {
      const request = await world(ctx).at(store).request({ status: 'sent' });
      const body = (await (await post(request.token, { rating, name: 'Jade', email: 'jade@exemple.test' })).json()) as { next: string; html: string };
      expect(body.next).toBe('thanks');
      const link = /href="(\/review\/[^"]+\/public-site\/[^"]+)"/.exec(body.html)?.[1];
      expect(await followed(link!)).toBe(REVIEW_SITE);
      expect(body.html).toContain('Laisser un avis public');
    }
    // Every reviewer was offered the site; each followed it once, whatever the rating.
    expect((await reviewsOf(store)).map((r) => [r.rating, r.publicReviewUrl, r.publicLinkFollowedAt !== null]).sort()).toEqual([
      [1, REVIEW_SITE, true],
      [5, REVIEW_SITE, true],
    ]);
    await runJobs();
    // The 1-star alert still goes to the merchant.
    expect(await outboxTo('alerte@maison.test')).toHaveLength(1);
  });
});

describe('a link is used once; a shared link serves several customers', () => {
  it('a second submit stores nothing and shows the thank-you state; so does a later visit', async () => {
    const store = await storeWithActions();
    const request = await world(ctx).at(store).request({ status: 'sent' });
    const [a, b] = await Promise.all([
      post(request.token, { rating: 3, name: 'A', email: 'a@exemple.test' }),
      post(request.token, { rating: 3, name: 'B', email: 'b@exemple.test' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const refused = (await (a.status === 409 ? a : b).json()) as { error: string; html: string };
    expect(refused.error).toBe('Vous avez déjà donné votre avis avec ce lien. Merci\u202f!');
    expect(refused.html).toContain('Merci infiniment\u202f!');
    // The rating's own message, as the first thank-you said it (3 stars: the negative one).
    expect(refused.html).toContain('Nous allons faire mieux.');
    expect(await reviewsOf(store)).toHaveLength(1);
    const again = await app.request(`${ORIGIN}/review/${request.token}`);
    const html = await again.text();
    expect(html).toContain('Merci infiniment\u202f!');
    expect(html).toContain('Nous allons faire mieux.');
    expect(html).not.toContain('Ravi que cela vous ait plu.');
    expect(html).not.toContain('<form');
  });

  it('a visit again after a 5-star review thanks it with the positive message', async () => {
    const store = await storeWithActions();
    const request = await world(ctx).at(store).request({ status: 'sent' });
    expect((await post(request.token, { rating: 5, name: 'Léa', email: 'lea@exemple.test' })).status).toBe(200);
    const html = await (await app.request(`${ORIGIN}/review/${request.token}`)).text();
    expect(html).toContain('Ravi que cela vous ait plu.');
    expect(html).not.toContain('Nous allons faire mieux.');
  });

  it('a shared link (channel link) takes a review from each customer, with nothing prefilled', async () => {
    const store = await storeWithActions();
    const { browser } = await signedInMerchant(app);
    expect(browser).toBeDefined();
    const link = await world(ctx).at(store).request({ order: null, status: 'completed', channel: 'link', source: 'manual', scheduledAt: new Date() });
    const { token } = link;
    const page = await (await app.request(`${ORIGIN}/review/${token}`)).text();
    expect(page).toContain('<form');
    expect(page).toContain('id="name" name="name" autocomplete="name" maxlength="120" required value=""');
    expect((await post(token, { rating: 5, name: 'Un', email: 'un@exemple.test' })).status).toBe(200);
    expect((await post(token, { rating: 2, name: 'Deux', email: 'deux@exemple.test' })).status).toBe(200);
    const reviews = await reviewsOf(store);
    expect(reviews.map((r) => r.customerName).sort()).toEqual(['Deux', 'Un']);
    expect(reviews.every((r) => r.reviewRequestId === link.id)).toBe(true);
  });
});

describe('validation', () => {
  it('answers the page’s French messages and stores nothing', async () => {
    const store = await storeWithActions();
    const request = await world(ctx).at(store).request({ status: 'sent' });
    const cases: [Record<string, string | number>, string][] = [
      [{ rating: 5, name: '', email: 'a@exemple.test' }, 'Veuillez renseigner votre nom et email'],
      [{ rating: 5, name: 'A', email: '' }, 'Veuillez renseigner votre nom et email'],
      [{ name: 'A', email: 'a@exemple.test' }, 'Veuillez choisir une note'],
      [{ rating: 6, name: 'A', email: 'a@exemple.test' }, 'Veuillez choisir une note'],
      [{ rating: 5, name: 'A', email: 'pas-un-email' }, 'Veuillez saisir une adresse e-mail valide'],
    ];
    for (const [body, error] of cases) {
      const res = await post(request.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    // Without JavaScript the form comes back with the message and what was typed.
    const page = await post(request.token, { rating: 4, name: '', email: 'garde@exemple.test', comment: 'Mon texte' }, false);
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('Veuillez renseigner votre nom et email');
    expect(html).toContain('value="garde@exemple.test"');
    expect(html).toContain('>Mon texte</textarea>');
    expect(html).toMatch(/id="r4" name="rating" value="4" checked/);
    // A JSON body that is not an object is a 400, not a crash.
    const nullBody = await app.request(`${ORIGIN}/review/${request.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.8.0.1' },
      body: 'null',
    });
    expect(nullBody.status).toBe(400);
    expect(await reviewsOf(store)).toHaveLength(0);
    expect((await requestById(request.id)).status).toBe('sent');
  });

  it('accepts integer ratings 1 to 5 only, and text without NUL characters, never answering 500', async () => {
    const store = await storeWithActions();
    const request = await world(ctx).at(store).request({ status: 'sent' });
    const postJson = (body: unknown) =>
      app.request(`${ORIGIN}/review/${request.token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': `10.7.0.${++ip % 250}` },
        body: JSON.stringify(body),
      });
    for (const rating of ['0x5', true, [5], '5.0', ' 5', 4.5, '', null, 1e308]) {
      const res = await postJson({ rating, name: 'A', email: 'a@exemple.test' });
      expect(res.status, JSON.stringify(rating)).toBe(400);
      expect(await res.json()).toEqual({ error: 'Veuillez choisir une note' });
    }
    for (const field of ['name', 'email', 'comment']) {
      const body = { rating: 5, name: 'Léa', email: 'lea@exemple.test', comment: 'Bien', [field]: 'avec\u0000nul' };
      expect((await postJson(body)).status, field).toBe(400);
      // Without JavaScript: the form again, with a message, never a 500.
      const page = await post(request.token, body, false);
      expect(page.status, field).toBe(400);
      expect(await page.text()).not.toContain('\u0000');
    }
    expect(await reviewsOf(store)).toHaveLength(0);
    // The digit a form post sends is a rating.
    expect((await post(request.token, { rating: '4', name: 'Léa', email: 'lea@exemple.test' })).status).toBe(200);
  });
});
