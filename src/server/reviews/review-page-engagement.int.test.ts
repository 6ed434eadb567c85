// Engagement on the review page: opens, visits and the public site followed (issue 14).
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '#tests/support/test-context';
import { ORIGIN } from '#tests/support/http';
import { reviewPageSuite, REVIEW_SITE } from '#tests/support/review-page';
import { world } from '#tests/support/world';
import type { createApp } from '../app';
import { newPublicToken } from '../security/tokens';

const suite = reviewPageSuite();
const { storeWithActions, post, followed, reviewsOf, requestById } = suite;
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(() => {
  ({ ctx, app } = suite);
});

describe('engagement: opens, visits and the public site followed (issue 14)', () => {
  const pixel = (token: string) => app.request(`${ORIGIN}/review/${token}/open.gif`);

  it('the open pixel records the first open of a sent e-mail, and answers the same image whatever the token', async () => {
    const store = await storeWithActions();
    const request = await world(ctx).at(store).request({ status: 'sent', sentAt: new Date() });
    const first = await pixel(request.token);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/gif');
    expect(first.headers.get('cache-control')).toContain('no-store');
    const image = new Uint8Array(await first.arrayBuffer());
    const opened = await requestById(request.id);
    expect(opened).toMatchObject({ status: 'opened' });
    expect(opened.openedAt).not.toBeNull();
    // The second fetch changes nothing; an unknown or malformed token gets the same image.
    await pixel(request.token);
    expect((await requestById(request.id)).openedAt).toEqual(opened.openedAt);
    for (const token of [newPublicToken(), 'abc', '..%2F..']) {
      const other = await pixel(token);
      expect(other.status).toBe(200);
      expect(new Uint8Array(await other.arrayBuffer())).toEqual(image);
    }
    // A request not sent yet is not opened by a guessed pixel.
    const scheduled = await world(ctx).at(store).request({ status: 'scheduled' });
    await pixel(scheduled.token);
    expect(await requestById(scheduled.id)).toMatchObject({ status: 'scheduled', openedAt: null });
  });

  it('the first visit of the review page is recorded and proves the open; a review then completes the request', async () => {
    const store = await storeWithActions();
    const request = await world(ctx).at(store).request({ status: 'sent', sentAt: new Date() });
    expect((await app.request(`${ORIGIN}/review/${request.token}`)).status).toBe(200);
    const visited = await requestById(request.id);
    expect(visited.status).toBe('opened');
    expect(visited.visitedAt).not.toBeNull();
    expect(visited.openedAt).toEqual(visited.visitedAt);
    await app.request(`${ORIGIN}/review/${request.token}`);
    expect((await requestById(request.id)).visitedAt).toEqual(visited.visitedAt);
    await post(request.token, { rating: 4, name: 'Léa', email: 'lea@exemple.test' });
    expect((await requestById(request.id)).status).toBe('completed');
    // A shared link is nobody's e-mail: visits of it are not a request's.
    const shared = await world(ctx).at(store).request({ status: 'completed', channel: 'link', sentAt: null });
    await app.request(`${ORIGIN}/review/${shared.token}`);
    expect(await requestById(shared.id)).toMatchObject({ visitedAt: null, openedAt: null });
  });

  it('the tracked link leads only to the site that review was offered, and a used link offers it again', async () => {
    const store = await storeWithActions({ samePath: true });
    const request = await world(ctx).at(store).request({ status: 'sent', sentAt: new Date() });
    await post(request.token, { rating: 2, name: 'Jade', email: 'jade@exemple.test' });
    const [review] = await reviewsOf(store);
    expect(review!.publicLinkFollowedAt).toBeNull();
    // The thank-you state of the used link offers the same tracked link.
    const again = await (await app.request(`${ORIGIN}/review/${request.token}`)).text();
    expect(again).toContain(`href="/review/${request.token}/public-site/${review!.id}"`);
    // Another request's token, an unknown review or a malformed id: no redirect at all.
    const other = await world(ctx).at(store).request({ status: 'sent' });
    for (const path of [
      `/review/${other.token}/public-site/${review!.id}`,
      `/review/${request.token}/public-site/${crypto.randomUUID()}`,
      `/review/${request.token}/public-site/x`,
    ]) {
      const res = await app.request(`${ORIGIN}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('location')).toBeNull();
    }
    expect(await followed(`/review/${request.token}/public-site/${review!.id}`)).toBe(REVIEW_SITE);
    const [after] = await reviewsOf(store);
    expect(after!.publicLinkFollowedAt).not.toBeNull();
  });

  it('a review whose rating was offered nothing has no link to follow', async () => {
    const store = await storeWithActions();
    const request = await world(ctx).at(store).request({ status: 'sent' });
    await post(request.token, { rating: 3, name: 'Hugo', email: 'hugo@exemple.test' });
    const [review] = await reviewsOf(store);
    expect(review!.publicReviewUrl).toBeNull();
    expect((await app.request(`${ORIGIN}/review/${request.token}/public-site/${review!.id}`)).status).toBe(404);
  });
});
