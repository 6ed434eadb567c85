import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listReviews } from '#core/api/reviews';
import { hideReviewPhoto, showReviewPhoto, type MerchantPhoto } from '#core/api/storefront';
import type { ResponseOf } from '#core/api/endpoint';
import { axeViolations } from '#web/test/axe';
import { apiError, renderRoute } from '#web/test/render';
import { callsTo, mockSignedInApi, on, sentBodyTo } from '#web/test/endpoints';

// The photos of the reviews list (decision 058): thumbnails, the enlarged view, hiding a photo.

type Review = ResponseOf<typeof listReviews>['items'][number];

const REVIEW_ID = '00000000-0000-4000-8000-0000000000a1';
const photo = (position: number, over: Partial<MerchantPhoto> = {}): MerchantPhoto => ({
  id: `00000000-0000-4000-8000-0000000000b${position}`,
  position,
  url: `http://localhost:3000/media/review-photos/s/${position}.webp`,
  thumb_url: `http://localhost:3000/media/review-photos/s/${position}-thumb.webp`,
  width: 2048,
  height: 1536,
  thumb_width: 400,
  thumb_height: 300,
  hidden: false,
  hidden_reason: null,
  ...over,
});

const review = (photos: MerchantPhoto[], extra: Partial<Review> = {}): Review => ({
  id: REVIEW_ID,
  rating: 2,
  customer_name: 'Marie D.',
  customer_email: 'marie@exemple.test',
  order_number: '#1001',
  comment: 'Le vase est arrivé fêlé.',
  is_published: true,
  hidden_reason: null,
  origin: 'order',
  action_taken: 'none',
  outcome: { public_link: 'none', private_feedback: false },
  created_at: '2026-11-20T10:00:00.000Z',
  photos,
  ...extra,
});

async function open() {
  renderRoute('/app/feedback');
  await screen.findByRole('heading', { level: 1, name: 'Avis clients' }, { timeout: 5_000 });
  return screen.findByRole('listitem', { name: 'Marie D., 2 étoiles sur 5' });
}

describe('/app/feedback: a review’s photos', () => {
  it('shows lazy thumbnails with their space reserved, each a named button; none for a review without photos', async () => {
    mockSignedInApi([
      on(listReviews, () => ({
        items: [
          review([photo(1), photo(2, { hidden: true, hidden_reason: 'personal_data' })]),
          review([photo(3, { position: 1 })], { id: 'r2', customer_name: 'Anne B.', rating: 5 }),
          review([], { id: 'r3', customer_name: 'Paul C.', rating: 4 }),
        ],
        next_cursor: null,
      })),
    ]);
    const card = await open();
    const photos = within(card).getByRole('list', { name: 'Photos de Marie D.' });
    const first = within(photos).getByRole('button', { name: 'Voir la photo 1 de Marie D.' });
    const image = first.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('http://localhost:3000/media/review-photos/s/1-thumb.webp');
    expect([image.getAttribute('width'), image.getAttribute('height'), image.getAttribute('loading'), image.getAttribute('alt')]).toEqual(['400', '300', 'lazy', '']);
    // A hidden one says so, in its name and on it.
    const second = within(photos).getByRole('button', { name: 'Voir la photo 2 de Marie D. (masquée sur la boutique)' });
    expect(second.textContent).toContain('Masquée');
    // Elided before a vowel; no list at all without photos.
    const anne = screen.getByRole('listitem', { name: 'Anne B., 5 étoiles sur 5' });
    expect(within(within(anne).getByRole('list', { name: 'Photos d’Anne B.' })).getByRole('button', { name: 'Voir la photo 1 d’Anne B.' })).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Paul C., 4 étoiles sur 5' })).queryByRole('list')).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('opens an enlarged view: labelled, the full photo with a French alt, focus kept inside, Escape and « Fermer » close it and give the focus back', async () => {
    mockSignedInApi([on(listReviews, () => ({ items: [review([photo(1), photo(2)])], next_cursor: null }))]);
    const card = await open();
    const thumb = within(card).getByRole('button', { name: 'Voir la photo 2 de Marie D.' });
    thumb.focus();
    fireEvent.click(thumb);
    const dialog = await screen.findByRole('dialog', { name: 'Photo 2 sur 2 de Marie D.' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    const full = within(dialog).getByRole('img', { name: 'Photo 2 envoyée par Marie D. avec son avis' });
    expect([full.getAttribute('src'), full.getAttribute('width'), full.getAttribute('height')]).toEqual(['http://localhost:3000/media/review-photos/s/2.webp', '2048', '1536']);
    expect(await axeViolations()).toEqual([]);

    // Tab from the last control comes back to the first: the focus stays in the dialog.
    const controls = within(dialog).getAllByRole('button');
    expect(controls.map((b) => b.textContent)).toEqual(['Photo précédente', 'Photo suivante', 'Masquer la photo', 'Fermer']);
    controls.at(-1)!.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(controls[0]);

    // The other photo, in the same dialog.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Photo suivante' }));
    expect(await screen.findByRole('dialog', { name: 'Photo 1 sur 2 de Marie D.' })).toBeTruthy();

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(thumb);

    fireEvent.click(thumb);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(thumb);
  });

  it('hides a photo for a content reason, then shows it again, from the enlarged view', async () => {
    let hidden: MerchantPhoto['hidden_reason'] = null;
    const current = () => photo(1, { hidden: hidden !== null, hidden_reason: hidden });
    const fetchMock = mockSignedInApi([
      on(listReviews, () => ({ items: [review([current()])], next_cursor: null })),
      on(hideReviewPhoto, (request) => {
        hidden = (request.body as { reason: typeof hidden }).reason;
        return current();
      }),
      on(showReviewPhoto, () => {
        hidden = null;
        return current();
      }),
    ]);
    const card = await open();
    fireEvent.click(within(card).getByRole('button', { name: 'Voir la photo 1 de Marie D.' }));
    const viewer = await screen.findByRole('dialog', { name: 'Photo de Marie D.' });
    const hide = within(viewer).getByRole('button', { name: 'Masquer la photo 1 de Marie D.' });
    hide.focus();
    fireEvent.click(hide);

    const dialog = await screen.findByRole('dialog', { name: 'Masquer cette photo' });
    const reasons = within(dialog).getByRole('group', { name: /Motif.*photo 1 de Marie D\./ });
    expect(within(reasons).getAllByRole('radio')).toHaveLength(4);
    expect(document.activeElement).toBe(within(reasons).getAllByRole('radio')[0]);
    expect(dialog.textContent).toContain('La note de l’avis ne permet pas de masquer une photo.');
    // No reason: refused on the spot, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Masquer la photo' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Choisissez un motif pour masquer cette photo.');
    expect(callsTo(fetchMock, hideReviewPhoto)).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);

    fireEvent.click(within(dialog).getByRole('radio', { name: /Données personnelles/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Masquer la photo' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Masquer cette photo' })).toBeNull());
    expect(sentBodyTo(fetchMock, hideReviewPhoto, { id: REVIEW_ID, photoId: photo(1).id })).toEqual({ reason: 'personal_data' });
    // The enlarged view says it, and its button, focused again, now shows it again.
    expect((await within(viewer).findByRole('status')).textContent).toContain('La photo est masquée sur votre boutique.');
    expect(viewer.textContent).toContain('Masquée sur la boutique\u202f: Données personnelles');
    const again = within(viewer).getByRole('button', { name: 'Afficher à nouveau la photo 1 de Marie D.' });
    expect(document.activeElement).toBe(again);

    fireEvent.click(again);
    expect((await within(viewer).findByRole('status')).textContent).toContain('La photo est de nouveau affichée sur votre boutique.');
    expect(callsTo(fetchMock, showReviewPhoto, { id: REVIEW_ID, photoId: photo(1).id })).toHaveLength(1);
    expect(within(viewer).getByRole('button', { name: 'Masquer la photo 1 de Marie D.' })).toBeTruthy();
  });

  it('says why when the server refuses, in the dialog', async () => {
    mockSignedInApi([
      on(listReviews, () => ({ items: [review([photo(1)])], next_cursor: null })),
      on(hideReviewPhoto, () => apiError(404, 'Photo introuvable pour cette boutique.', 'photo_not_found')),
    ]);
    const card = await open();
    fireEvent.click(within(card).getByRole('button', { name: 'Voir la photo 1 de Marie D.' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Masquer la photo 1 de Marie D.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Masquer cette photo' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Hors sujet/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Masquer la photo' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Photo introuvable pour cette boutique.');
  });
});
