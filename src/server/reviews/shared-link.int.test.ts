// The store's shared review link (decision 044): anyone who has it can post, so one link takes at most
// SHARED_LINK_LIMITS reviews an hour and a day, refused with a French sentence and nothing stored;
// its reviews are « Lien partagé », and a request that names no order gives « Sans commande ».
import { describe, expect, it } from 'vitest';
import { SHARED_LINK_LIMITS } from '#core/review-origin';
import { reviewPageSuite } from '#tests/support/review-page';
import { world, type RequestRow, type StoreRow } from '#tests/support/world';

const suite = reviewPageSuite();
const { post, storeWithActions, reviewsOf } = suite;

const BUSY = `Ce lien d’avis a reçu le nombre maximal d’avis (${SHARED_LINK_LIMITS.perHour} par heure, ${SHARED_LINK_LIMITS.perDay} par jour). Votre avis n’a pas été enregistré\u202f: réessayez plus tard.`;

/** The store's shared link, as the share dialog makes it: a completed request on the link channel, without an order. */
const sharedLink = (store: StoreRow) => world(suite.ctx).at(store).request({ order: null, channel: 'link', status: 'completed' });

/** `n` reviews already left through `link`, `minutesAgo` ago. */
const earlier = (store: StoreRow, link: RequestRow, n: number, minutesAgo: number) =>
  world(suite.ctx)
    .at(store)
    .reviews(Array.from({ length: n }, (_, i) => ({ request: link, rating: 4, customerName: `Avant ${i}`, createdAt: new Date(Date.now() - minutesAgo * 60_000) })));

const entry = (name: string) => ({ rating: 5, name, email: `${name.toLowerCase()}@exemple.test`, comment: 'Très bien' });

describe('the shared link', () => {
  it(`takes ${SHARED_LINK_LIMITS.perHour} reviews an hour, then refuses with a French sentence and stores nothing`, async () => {
    const store = await storeWithActions();
    const link = await sharedLink(store);
    await earlier(store, link, SHARED_LINK_LIMITS.perHour - 1, 30);
    // Older than an hour: counted for the day only.
    await earlier(store, link, 5, 90);
    const last = await post(link.token, entry('Dernier'));
    expect(last.status).toBe(200);
    const [stored] = (await reviewsOf(store)).filter((r) => r.customerName === 'Dernier');
    expect(stored).toMatchObject({ origin: 'shared_link', isPublished: false, reviewRequestId: link.id });

    const before = (await reviewsOf(store)).length;
    const refused = await post(link.token, entry('Refus'));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: BUSY });
    // Without JavaScript: the form again, with the sentence and what was typed.
    const plain = await post(link.token, entry('Formulaire'), false);
    expect(plain.status).toBe(429);
    const html = await plain.text();
    expect(html).toContain('Ce lien d’avis a reçu le nombre maximal d’avis');
    expect(html).toContain('value="Formulaire"');
    expect(await reviewsOf(store)).toHaveLength(before);

    // Another link of another store is not touched by this one's count.
    const other = await storeWithActions();
    expect((await post((await sharedLink(other)).token, entry('Ailleurs'))).status).toBe(200);
  });

  it(`takes ${SHARED_LINK_LIMITS.perDay} reviews a day; a review older than a day no longer counts`, async () => {
    const store = await storeWithActions();
    const link = await sharedLink(store);
    await earlier(store, link, SHARED_LINK_LIMITS.perDay, 120);
    expect((await post(link.token, entry('Journee'))).status).toBe(429);

    const renewed = await sharedLink(store);
    await earlier(store, renewed, SHARED_LINK_LIMITS.perDay, 25 * 60);
    expect((await post(renewed.token, entry('Lendemain'))).status).toBe(200);
  });

  it('an e-mail request that names no order gives a review « Sans commande », never a verified purchase', async () => {
    const store = await storeWithActions();
    const request = await world(suite.ctx).at(store).request({ order: null, customerEmail: 'direct@exemple.test', status: 'sent' });
    expect((await post(request.token, entry('Direct'))).status).toBe(200);
    const [stored] = await reviewsOf(store);
    expect(stored).toMatchObject({ origin: 'no_order', isPublished: false });
  });
});
