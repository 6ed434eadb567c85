/**
 * The review page in the customer's language (issue 48, decision 056): the request's locale decides
 * its language (its `lang`, its texts, its refusals, its dates); the merchant's own texts, written in
 * the store's default language, never show on a page in another one; a link that is not valid speaks
 * the visitor's browser's language, and too many attempts the language of the page that posted.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '#tests/support/test-context';
import { ORIGIN } from '#tests/support/http';
import { reviewPageSuite } from '#tests/support/review-page';
import { world } from '#tests/support/world';
import { reviewPageCatalogues } from '../messages/review-page';
import type { createApp } from '../app';
import { newPublicToken } from '../security/tokens';
import { PAGE_TIME_ZONE } from './page';

const suite = reviewPageSuite();
const { storeWithActions, post, runJobs, outboxTo } = suite;
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(() => {
  ({ ctx, app } = suite);
});

const page = async (token: string, headers: Record<string, string> = {}) => {
  const res = await app.request(`${ORIGIN}/review/${token}`, { headers });
  return { status: res.status, html: await res.text() };
};

describe('the review page in the request’s language', () => {
  it.each([
    ['fr', 'fr'],
    ['en-GB', 'en'],
    ['de-DE', 'de'],
    ['es-ES', 'es'],
    ['it-IT', 'it'],
    ['nl-BE', 'nl'],
  ] as const)('a request made in %s is answered in its language', async (locale, language) => {
    const store = await storeWithActions();
    const request = await world(ctx).at(store).request({ status: 'sent', locale });
    const { status, html } = await page(request.token, { 'accept-language': 'ja' });
    expect(status).toBe(200);
    const m = reviewPageCatalogues[language];
    expect(html).toContain(`<html lang="${language}">`);
    expect(html).toContain(`<legend>${m.ratingLegend}</legend>`);
    expect(html).toContain(m.postpone.button.replace(/'/g, '&#39;'));
    if (language === 'fr') {
      // The merchant's own texts, written in the store's language.
      expect(html).toContain('<h1>Votre avis sur Maison Lumière</h1>');
    } else {
      // Not the merchant's French: the page's own language, whole.
      expect(html).toContain(`<h1>${m.defaultTitle}</h1>`);
      expect(html).not.toContain('Maison Lumière</h1>');
      expect(html).not.toContain('ENVOYER');
    }
  });

  it('refuses a review in the request’s language, and says when it will ask again in it', async () => {
    const store = await storeWithActions();
    const request = await world(ctx).at(store).request({ status: 'sent', locale: 'de-DE' });
    const refused = await post(request.token, { rating: 4, name: '', email: 'x@exemple.test' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(reviewPageCatalogues.de.nameEmailRequired);

    const later = await app.request(`${ORIGIN}/review/${request.token}/postpone`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.8.0.1' },
      body: '',
    });
    expect(later.status).toBe(200);
    const html = await later.text();
    const [follow] = await ctx.db.query.shopifyReviewRequests.findMany({ where: (r, { eq }) => eq(r.reminderOf, request.id) });
    const date = reviewPageCatalogues.de.date(follow!.scheduledAt, 'de-DE', PAGE_TIME_ZONE);
    expect(html).toContain(reviewPageCatalogues.de.postpone.done(date));
    expect(date).toMatch(/^\d{1,2}\. [A-ZÄÖÜa-zäöü]+ \d{4}$/);
  });

  it('thanks in the request’s language after a review', async () => {
    const store = await storeWithActions({ samePath: true });
    const request = await world(ctx).at(store).request({ status: 'sent', locale: 'it-IT' });
    const res = await post(request.token, { rating: 5, name: 'Giulia', email: 'giulia@esempio.test' });
    const body = (await res.json()) as { next: string; html: string };
    expect(body.next).toBe('thanks');
    expect(body.html).toContain(reviewPageCatalogues.it.defaultThankYou.replace(/'/g, '&#39;'));
  });

  it('tells the merchant, in French, which language the customer was asked in, beside their comment', async () => {
    const store = await storeWithActions();
    const request = await world(ctx).at(store).request({ status: 'sent', locale: 'de-DE' });
    await post(request.token, { rating: 1, name: 'Lena', email: 'lena@beispiel.test', comment: 'Nie angekommen' });
    await runJobs();
    const alert = (await outboxTo('alerte@maison.test')).find((mail) => mail.text?.includes('Nie angekommen'));
    expect(alert!.subject).toBe('Nouvel avis 1/5 pour Maison Lumière');
    expect(alert!.text).toContain('Langue\u202f: allemand (Allemagne)');
  });

  it('refuses too many attempts, before the link is read, in the language of the page that posted, else in the browser’s', async () => {
    const store = await storeWithActions();
    const request = await world(ctx).at(store).request({ status: 'sent', locale: 'de-DE' });
    const { html: form } = await page(request.token);
    const action = /<form id="review" method="post" action="([^"]+)"/.exec(form)?.[1];
    expect(action).toBe(`/review/${request.token}?langue=de`);
    const tooMany = (language: 'de' | 'en') => reviewPageCatalogues[language].tooMany.replace(/'/g, '&#39;');
    const send = (path: string, ip: string, json = false) =>
      app.request(`${ORIGIN}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip, 'accept-language': 'en-US,en', ...(json ? { accept: 'application/json' } : {}) },
        body: '',
      });
    // The address uses up its attempts on links that are not valid.
    for (let i = 0; i < 30; i++) await send(`/review/${newPublicToken()}/postpone`, '10.77.0.1');
    const refused = await send(`/review/${request.token}/postpone?langue=de`, '10.77.0.1');
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain(tooMany('de'));
    // A post that names no language (not from our page): the browser's.
    const bare = await send(`/review/${request.token}/postpone`, '10.77.0.1');
    expect(bare.status).toBe(429);
    expect(await bare.text()).toContain(tooMany('en'));

    // The page's script posts the review form to the same place, answered in JSON.
    for (let i = 0; i < 30; i++) await send(`/review/${newPublicToken()}`, '10.77.0.2', true);
    const script = await send(action!, '10.77.0.2', true);
    expect(script.status).toBe(429);
    expect(((await script.json()) as { error: string }).error).toBe(reviewPageCatalogues.de.tooMany);
  });

  it('speaks the visitor’s browser’s language on a link that is not valid, French by default', async () => {
    const token = newPublicToken();
    const german = await page(token, { 'accept-language': 'de-CH,de;q=0.9,en;q=0.8' });
    expect(german.status).toBe(404);
    expect(german.html).toContain('<html lang="de">');
    expect(german.html).toContain(`<h1>${reviewPageCatalogues.de.invalidLink}</h1>`);
    const unknown = await page(token, { 'accept-language': 'ja' });
    expect(unknown.html).toContain(`<h1>${reviewPageCatalogues.fr.invalidLink}</h1>`);
  });
});
