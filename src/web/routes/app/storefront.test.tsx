import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listReviews } from '#core/api/reviews';
import {
  getStorefront,
  getStorefrontPreview,
  hideReview,
  hideReviewPhoto,
  listModeration,
  saveStorefrontSettings,
  showReview,
  showReviewPhoto,
  type MerchantPhoto,
} from '#core/api/storefront';
import type { ResponseOf } from '#core/api/endpoint';
import { apiError, renderRoute } from '#web/test/render';
import { callsTo, mockSignedInApi, on, type Route, sentBodyTo } from '#web/test/endpoints';

const SHOP = 'ma-boutique.myshopify.com';
const BLOCK_URL = `https://${SHOP}/admin/themes/current/editor?template=index&addAppBlockId=cle-api/avis-clients`;
const EMBED_URL = `https://${SHOP}/admin/themes/current/editor?context=apps&template=index&activateAppId=cle-api/badge-avis`;

type Storefront = ResponseOf<typeof getStorefront>;
type ModerationItem = ResponseOf<typeof listModeration>['items'][number];

const snapshot = (over: Partial<Storefront['snapshot']> = {}): Storefront['snapshot'] => ({
  version: 1,
  count: 3,
  average: 3.3,
  average_label: '3,3',
  average_percent: 66,
  distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: rating === 5 || rating === 3 || rating === 1 ? 1 : 0, percent: rating % 2 ? 33 : 0 })),
  hidden: 2,
  reviews: [],
  more: false,
  accent: '#0f766e',
  proxy_path: '/apps/avis',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

const status = (over: Partial<Storefront['snapshot']> = {}, settings: Storefront['settings'] = { show_unverified_reviews: false }): Storefront => ({
  shop_domain: SHOP,
  block_editor_url: BLOCK_URL,
  embed_editor_url: EMBED_URL,
  snapshot: snapshot(over),
  settings,
});

const item = (i: number, over: Partial<ModerationItem> = {}): ModerationItem => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  rating: i,
  public_name: `Client${i} D.`,
  comment: i === 1 ? 'Très déçu.' : null,
  created_at: new Date(Date.UTC(2026, 10, 20, 10) - i * 3_600_000).toISOString(),
  hidden_at: null,
  hidden_reason: null,
  hidden_by_email: null,
  origin: 'order',
  // An order's review is shown unless hidden (decision 044).
  is_published: !over.hidden_reason,
  photos: [],
  ...over,
});

const PREVIEW = '<!doctype html><html lang="fr"><body><section class="avis-clients"><h2>Avis clients</h2></section></body></html>';

function api(routes: Route[] = []) {
  return mockSignedInApi([
    on(getStorefront, () => status()),
    on(getStorefrontPreview, () => ({ html: PREVIEW })),
    on(listModeration, () => ({ items: [item(1), item(5)], next_page: null, hidden_count: 0, hidden_photo_count: 0 })),
    ...routes,
  ]);
}

async function open(path = '/app/storefront') {
  const result = renderRoute(path);
  // The screen is a lazy chunk: the first test also pays for transforming it.
  await screen.findByRole('heading', { level: 1, name: 'Avis sur la boutique' }, { timeout: 5_000 });
  return result;
}

describe('/app/storefront', () => {
  it('shows what the storefront shows: average, count, the public line of hidden reviews, the preview and the install steps', async () => {
    api();
    await open();
    const summary = await screen.findByRole('region', { name: 'Sur votre boutique' });
    expect(summary.textContent).toContain('3,3 sur 5');
    expect(summary.textContent).toContain('3 avis affichés');
    expect(summary.textContent).toContain('2 avis masqués pour non-respect de la charte');

    const frame = await screen.findByTitle('Aperçu du bloc « Avis et notes » sur votre boutique');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(PREVIEW);

    const install = screen.getByRole('region', { name: 'Installer le bloc sur votre boutique' });
    expect(within(install).getAllByRole('listitem')).toHaveLength(3);
    const editor = within(install).getByRole('link', { name: 'Ajouter le bloc dans l’éditeur de thème (nouvel onglet)' });
    expect(editor.getAttribute('href')).toBe(BLOCK_URL);
    expect(editor.getAttribute('target')).toBe('_blank');
    expect(editor.getAttribute('rel')).toContain('noopener');
    expect(within(install).getByRole('link', { name: 'Activer le badge (nouvel onglet)' }).getAttribute('href')).toBe(EMBED_URL);
  });

  it('says « 1 avis masqué » in the singular and nothing when none is hidden', async () => {
    api([on(getStorefront, () => status({ hidden: 1, count: 1, average_label: '5,0' }))]);
    await open();
    const summary = await screen.findByRole('region', { name: 'Sur votre boutique' });
    expect(summary.textContent).toContain('1 avis masqué pour non-respect de la charte');
    expect(summary.textContent).toContain('1 avis affiché');
  });

  it('lists every review with its rating in words; a 1-star review can be hidden only with a reason', async () => {
    const fetchMock = api([
      on(hideReview, () => item(1, { hidden_at: '2026-11-21T09:00:00.000Z', hidden_reason: 'off_topic', hidden_by_email: 'zoe@boutique.fr' }), {
        id: '00000000-0000-4000-8000-000000000001',
      }),
    ]);
    await open();
    const list = await screen.findByRole('list', { name: 'Avis de la boutique' });
    const one = within(list).getByRole('listitem', { name: 'Client1 D., 1 étoile sur 5' });
    expect(within(one).getByRole('img', { name: '1 étoile sur 5' })).toBeTruthy();
    expect(within(list).getByRole('listitem', { name: 'Client5 D., 5 étoiles sur 5' }).textContent).toContain('Affiché sur la boutique');

    const hideButton = within(one).getByRole('button', { name: 'Masquer l’avis de Client1 D.' });
    hideButton.focus();
    fireEvent.click(hideButton);
    const dialog = await screen.findByRole('dialog', { name: 'Masquer cet avis' });
    const reasons = within(dialog).getByRole('group', { name: /Motif/ });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.querySelector('.font-medium')?.textContent),
    ).toEqual(['Propos injurieux ou haineux', 'Données personnelles', 'Hors sujet', 'Ne vient pas d’un client']);
    // Focus starts on the first reason.
    expect(document.activeElement).toBe(within(reasons).getAllByRole('radio')[0]);

    // No reason: refused on the spot, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Masquer l’avis' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Choisissez un motif pour masquer cet avis.');
    expect(reasons.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, hideReview, { id: '00000000-0000-4000-8000-000000000001' })).toHaveLength(0);

    const listReads = callsTo(fetchMock, listModeration).length;
    fireEvent.click(within(dialog).getByRole('radio', { name: /Hors sujet/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Masquer l’avis' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodyTo(fetchMock, hideReview, { id: '00000000-0000-4000-8000-000000000001' })).toEqual({ reason: 'off_topic' });
    expect((await screen.findByRole('status')).textContent).toContain('L’avis est masqué sur votre boutique.');
    // The status, the preview and the list are read again.
    await waitFor(() => expect(callsTo(fetchMock, listModeration).length).toBeGreaterThan(listReads));
    expect(callsTo(fetchMock, getStorefrontPreview).length).toBeGreaterThan(1);
  });

  it('hides one photo of a review for a reason, and shows it again, the review itself untouched (decision 058)', async () => {
    const photoId = '00000000-0000-4000-8000-0000000000f1';
    let reason: MerchantPhoto['hidden_reason'] = null;
    const photo = (): MerchantPhoto => ({
      id: photoId,
      position: 1,
      url: 'http://localhost:3000/media/review-photos/s/f1.webp',
      thumb_url: 'http://localhost:3000/media/review-photos/s/f1-thumb.webp',
      width: 1600,
      height: 1200,
      thumb_width: 400,
      thumb_height: 300,
      hidden: reason !== null,
      hidden_reason: reason,
    });
    const fetchMock = api([
      on(listModeration, () => ({ items: [item(1, { photos: [photo()] })], next_page: null, hidden_count: 0, hidden_photo_count: reason ? 1 : 0 })),
      on(hideReviewPhoto, (request) => {
        reason = (request.body as { reason: typeof reason }).reason;
        return photo();
      }),
      on(showReviewPhoto, () => {
        reason = null;
        return photo();
      }),
    ]);
    await open();
    const card = await screen.findByRole('listitem', { name: 'Client1 D., 1 étoile sur 5' });
    const thumb = within(card).getByRole('button', { name: 'Voir la photo 1 de Client1 D.' });
    expect(thumb.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    // A click focuses the button (fireEvent does not): the dialog gives the focus back to it.
    const hide = within(card).getByRole('button', { name: 'Masquer la photo 1 de Client1 D.' });
    hide.focus();
    fireEvent.click(hide);
    const dialog = await screen.findByRole('dialog', { name: 'Masquer cette photo' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Propos injurieux/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Masquer la photo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodyTo(fetchMock, hideReviewPhoto, { id: '00000000-0000-4000-8000-000000000001', photoId })).toEqual({ reason: 'insult' });
    expect(callsTo(fetchMock, hideReview)).toHaveLength(0);
    expect((await within(card).findByRole('status')).textContent).toContain('La photo est masquée sur votre boutique.');
    expect(within(card).getByRole('button', { name: 'Voir la photo 1 de Client1 D. (masquée sur la boutique)' })).toBeTruthy();
    // The review is still shown, with « Masquer » for itself.
    expect(within(card).getByRole('button', { name: 'Masquer l’avis de Client1 D.' })).toBeTruthy();
    const again = within(card).getByRole('button', { name: 'Afficher à nouveau la photo 1 de Client1 D.' });
    expect(document.activeElement).toBe(again);
    fireEvent.click(again);
    expect((await within(card).findByRole('status')).textContent).toContain('La photo est de nouveau affichée sur votre boutique.');
    expect(callsTo(fetchMock, showReviewPhoto, { id: '00000000-0000-4000-8000-000000000001', photoId })).toHaveLength(1);
  });

  it('closes the dialog with Escape, sending nothing, and gives the focus back to « Masquer »', async () => {
    const fetchMock = api();
    await open();
    const button = await screen.findByRole('button', { name: 'Masquer l’avis de Client5 D.' });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Masquer cet avis' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
    expect([...callsTo(fetchMock, hideReview), ...callsTo(fetchMock, showReview)]).toHaveLength(0);
  });

  it('shows a hidden review with its reason, who hid it and « Afficher de nouveau »', async () => {
    const hidden = item(2, { hidden_at: '2026-11-21T09:00:00.000Z', hidden_reason: 'personal_data', hidden_by_email: 'zoe@boutique.fr' });
    const fetchMock = api([
      on(listModeration, () => ({ items: [hidden], next_page: null, hidden_count: 1, hidden_photo_count: 0 })),
      on(showReview, () => item(2), { id: '00000000-0000-4000-8000-000000000002' }),
    ]);
    await open();
    const card = await screen.findByRole('listitem', { name: 'Client2 D., 2 étoiles sur 5' });
    expect(card.textContent).toContain('Masqué\u202f: Données personnelles');
    expect(card.textContent).toContain('Masqué par zoe@boutique.fr le 21 novembre 2026');
    fireEvent.click(within(card).getByRole('button', { name: 'Afficher de nouveau l’avis de Client2 D.' }));
    expect((await screen.findByRole('status')).textContent).toContain('L’avis est de nouveau affiché sur votre boutique.');
    expect(callsTo(fetchMock, showReview, { id: '00000000-0000-4000-8000-000000000002' })).toHaveLength(1);
  });

  it('says why when the server refuses a hide, in the dialog', async () => {
    api([on(hideReview, () => apiError(404, 'Avis introuvable pour cette boutique.', 'review_not_found'), { id: '00000000-0000-4000-8000-000000000005' })]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Masquer l’avis de Client5 D.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Masquer cet avis' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Propos injurieux/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Masquer l’avis' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Avis introuvable pour cette boutique.');
  });

  it('filters the list and pages with the server’s next page', async () => {
    const fetchMock = api([
      on(listModeration, () => {
        const n = callsTo(fetchMock, listModeration).length;
        return n <= 1
          ? {
              items: Array.from({ length: 20 }, (_, i) => item((i % 5) + 1, { id: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}` })),
              next_page: 2,
              hidden_count: 0,
              hidden_photo_count: 0,
            }
          : { items: [item(3)], next_page: null, hidden_count: 0, hidden_photo_count: 0 };
      }),
    ]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Afficher plus d’avis' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Avis de la boutique' })).getAllByRole('listitem')).toHaveLength(21));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('page=2'))).toBe(true);
    const filters = screen.getByRole('group', { name: 'Filtrer les avis de la boutique' });
    fireEvent.click(within(filters).getByRole('button', { name: 'Masqués' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('filter=hidden'))).toBe(true));
  });

  it('has an empty state', async () => {
    api([
      on(listModeration, () => ({ items: [], next_page: null, hidden_count: 0, hidden_photo_count: 0 })),
      on(getStorefront, () => status({ count: 0, hidden: 0, average: null, average_label: '' })),
    ]);
    await open();
    expect(await screen.findByRole('heading', { level: 3, name: 'Aucun avis pour le moment' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Sur votre boutique' }).textContent).toContain('Aucun avis affiché pour l’instant.');
  });

  it('says when there is no store, and offers to retry after an error', async () => {
    api([on(getStorefront, () => apiError(404, 'Aucune boutique Shopify connectée', 'no_store'))]);
    await open();
    expect(await screen.findByRole('link', { name: 'Connecter une boutique' })).toBeTruthy();
  });

  it('shows an error with « Réessayer » when the storefront cannot be read', async () => {
    let fail = true;
    api([on(getStorefront, () => (fail ? apiError(500, 'Erreur interne.', 'internal') : status()))]);
    await open();
    expect((await screen.findByRole('alert')).textContent).toContain('Impossible de charger l’état de votre boutique.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('region', { name: 'Sur votre boutique' })).toBeTruthy();
  });

  it('is reachable from « Avis clients »', async () => {
    api([on(listReviews, () => ({ items: [], next_cursor: null }))]);
    const { router } = renderRoute('/app/feedback');
    fireEvent.click(await screen.findByRole('link', { name: 'Avis sur la boutique et modération' }, { timeout: 5_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/storefront'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Avis sur la boutique' })).toBeTruthy();
  });
  it('labels each review with its origin, and says why an unverified one is off the storefront', async () => {
    api([
      on(listModeration, () => ({
        items: [item(5), item(4, { origin: 'shared_link', is_published: false }), item(3, { origin: 'shared_link' })],
        next_page: null,
        hidden_count: 0,
        hidden_photo_count: 0,
      })),
    ]);
    await open();
    const list = await screen.findByRole('list', { name: 'Avis de la boutique' });
    const order = within(list).getByRole('listitem', { name: 'Client5 D., 5 étoiles sur 5' });
    expect(order.textContent).toContain('Achat vérifié');
    expect(order.textContent).toContain('Affiché sur la boutique');
    const off = within(list).getByRole('listitem', { name: 'Client4 D., 4 étoiles sur 5' });
    expect(off.textContent).toContain('Lien partagé');
    expect(off.textContent).toContain('Non publié\u202f: achat non vérifié');
    expect(off.textContent).not.toContain('Affiché sur la boutique');
    // The store shows unverified reviews: this one is on the storefront, still « Lien partagé ».
    const shown = within(list).getByRole('listitem', { name: 'Client3 D., 3 étoiles sur 5' });
    expect(shown.textContent).toContain('Affiché sur la boutique');
    expect(shown.textContent).toContain('Lien partagé');
    expect(shown.textContent).not.toContain('Achat vérifié');
  });

  it('keeps unverified reviews off by default; the switch saves the merchant’s choice and says what it did', async () => {
    let showing = false;
    const fetchMock = api([
      on(getStorefront, () => status({}, { show_unverified_reviews: showing })),
      on(saveStorefrontSettings, () => {
        showing = true;
        return { show_unverified_reviews: true };
      }),
    ]);
    await open();
    const toggle = await screen.findByRole('switch', { name: 'Afficher sur la boutique les avis reçus par le lien partagé' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)!.textContent).toContain('«\u202fAchat non vérifié\u202f»');
    const reads = callsTo(fetchMock, getStorefront).length;
    fireEvent.click(toggle);
    await waitFor(() => expect(sentBodyTo(fetchMock, saveStorefrontSettings)).toEqual({ show_unverified_reviews: true }));
    expect((await screen.findByRole('status')).textContent).toContain('Les avis sans achat vérifié sont maintenant affichés sur votre boutique');
    // What the storefront shows is read again, and the switch follows the server.
    await waitFor(() => expect(callsTo(fetchMock, getStorefront).length).toBeGreaterThan(reads));
    await waitFor(() => expect(screen.getByRole('switch', { name: /lien partagé/ }).getAttribute('aria-checked')).toBe('true'));
  });

  it('says why when the setting cannot be saved', async () => {
    api([on(saveStorefrontSettings, () => apiError(500, 'Erreur interne.', 'internal'))]);
    await open();
    fireEvent.click(await screen.findByRole('switch', { name: /lien partagé/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Erreur interne.');
    expect(screen.getByRole('switch', { name: /lien partagé/ }).getAttribute('aria-checked')).toBe('false');
  });
});
