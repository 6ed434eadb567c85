import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createShareLink } from '#core/api/review-requests';
import { exportReviews, listReviews } from '#core/api/reviews';
import { currentStore, type AwayStore } from '#core/api/stores';
import type { ResponseOf } from '#core/api/endpoint';
import { renderRoute } from '#web/test/render';
import { mockSignedInApi, on, sentBodyTo } from '#web/test/endpoints';

type Review = ResponseOf<typeof listReviews>['items'][number];

const review = (i: number, extra: Partial<Review> = {}): Review => ({
  id: `r${i}`,
  rating: 5 - (i % 5),
  customer_name: `Client ${i}`,
  customer_email: `client${i}@exemple.test`,
  order_number: `#${1000 + i}`,
  comment: i === 0 ? 'Livraison rapide, merci\u202f!' : null,
  // Orders' reviews: published whatever their rating (decision 044).
  is_published: true,
  hidden_reason: null,
  origin: 'order',
  action_taken: i === 0 ? 'redirect' : 'none',
  outcome: { public_link: i === 0 ? 'followed' : 'none', private_feedback: false },
  created_at: new Date(Date.UTC(2026, 10, 20, 10, 0) - i * 3_600_000).toISOString(),
  photos: [],
  ...extra,
});

async function open(path = '/app/feedback') {
  const result = renderRoute(path);
  // The screen is a lazy chunk: the first test also pays for transforming it.
  await screen.findByRole('heading', { level: 1, name: 'Avis clients' }, { timeout: 5_000 });
  return result;
}

describe('/app/feedback', () => {
  it('shows review cards: stars, name, order, comment, published, origin and the action taken', async () => {
    mockSignedInApi([on(listReviews, () => ({ items: [review(0), review(3, { customer_name: null })], next_cursor: null }))]);
    await open();
    const list = await screen.findByRole('list', { name: 'Avis' });
    const first = within(list).getByRole('listitem', { name: 'Client 0, 5 étoiles sur 5' });
    expect(within(first).getByText('Livraison rapide, merci !')).toBeTruthy();
    expect(first.textContent).toContain('Commande #1000');
    expect(first.textContent).toContain('Publié');
    expect(first.textContent).toContain('Achat vérifié');
    expect(first.textContent).toContain('A suivi le lien vers votre page d’avis publique');
    expect(first.textContent).not.toContain('Redirigé');
    // Two stars, and published: the rating never decides.
    const low = within(list).getByRole('listitem', { name: 'Client anonyme, 2 étoiles sur 5' });
    expect(low.textContent).toContain('Publié');
    expect(low.textContent).not.toContain('Non publié');
    expect(screen.queryByRole('button', { name: 'Afficher plus d’avis' })).toBeNull();
  });

  it('labels each review from its state and origin, never from its rating', async () => {
    mockSignedInApi([
      on(listReviews, () => ({
        items: [
          review(0, { customer_name: 'Hugo Masqué', is_published: false, hidden_reason: 'off_topic' }),
          review(1, { customer_name: 'Sarah Partage', is_published: false, origin: 'shared_link', order_number: null }),
          review(2, { customer_name: 'Paul Partage', origin: 'shared_link', order_number: null }),
          review(3, { customer_name: 'Nina Directe', is_published: false, origin: 'no_order', order_number: null }),
        ],
        next_cursor: null,
      })),
    ]);
    await open();
    const list = await screen.findByRole('list', { name: 'Avis' });
    const card = (name: string) => within(list).getByRole('listitem', { name: new RegExp(`^${name},`) }).textContent;
    expect(card('Hugo Masqué')).toContain('Masqué\u202f: Hors sujet');
    expect(card('Hugo Masqué')).toContain('Achat vérifié');
    expect(card('Sarah Partage')).toContain('Non publié\u202f: achat non vérifié');
    expect(card('Sarah Partage')).toContain('Lien partagé');
    expect(card('Sarah Partage')).not.toContain('Achat vérifié');
    expect(card('Paul Partage')).toMatch(/Publié.*Lien partagé/);
    expect(card('Nina Directe')).toContain('Sans commande');
  });

  it('says what happened: a link offered but never followed, a private form; nothing for no link', async () => {
    mockSignedInApi([
      on(listReviews, () => ({
        items: [
          review(0, { outcome: { public_link: 'offered', private_feedback: false } }),
          review(1, { action_taken: 'collect_feedback', outcome: { public_link: 'none', private_feedback: true } }),
        ],
        next_cursor: null,
      })),
    ]);
    await open();
    const list = await screen.findByRole('list', { name: 'Avis' });
    const [offered, form] = within(list).getAllByRole('listitem');
    expect(offered!.textContent).toContain('Lien vers votre page d’avis publique proposé, non suivi');
    expect(offered!.textContent).not.toMatch(/Redirigé|A suivi/);
    expect(form!.textContent).toContain('Formulaire de commentaire privé affiché');
    expect(form!.textContent).not.toContain('page d’avis publique');
  });

  it('pages with the server’s cursor', async () => {
    // The mock sees the path only: the first call answers page 1, the next page 2.
    let calls = 0;
    const fetchMock = mockSignedInApi([
      on(listReviews, () => (calls++ === 0 ? { items: Array.from({ length: 20 }, (_, i) => review(i)), next_cursor: 'c1' } : { items: [review(20)], next_cursor: null })),
    ]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Afficher plus d’avis' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Avis' })).getAllByRole('listitem')).toHaveLength(21));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('cursor=c1'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Afficher plus d’avis' })).toBeNull();
  });

  it('searches after a pause and filters, both kept in the URL', async () => {
    const fetchMock = mockSignedInApi([on(listReviews, () => ({ items: [review(0)], next_cursor: null }))]);
    const { router } = await open();
    fireEvent.change(await screen.findByLabelText('Rechercher un avis'), { target: { value: 'Léa' } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Léa'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes(`q=${encodeURIComponent('Léa')}`))).toBe(true));
    const filters = screen.getByRole('group', { name: 'Filtrer les avis' });
    fireEvent.click(within(filters).getByRole('button', { name: 'Avec commentaire' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('filtre')).toBe('comments'));
    expect(within(filters).getByRole('button', { name: 'Avec commentaire' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('filter=comments'))).toBe(true));
    // The export takes what the list selects.
    const csv = screen.getByRole('link', { name: 'Exporter en CSV' });
    expect(csv.getAttribute('href')).toBe(`${exportReviews.path}?filter=comments&q=${encodeURIComponent('Léa')}`);
    expect(csv.hasAttribute('download')).toBe(true);
  });

  it('filters every rating from 5 down to 1 star (the bad ones first looked for)', async () => {
    const fetchMock = mockSignedInApi([on(listReviews, () => ({ items: [review(0)], next_cursor: null }))]);
    const { router } = await open();
    const filters = await screen.findByRole('group', { name: 'Filtrer les avis' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Tous', '5 étoiles', '4 étoiles', '3 étoiles', '2 étoiles', '1 étoile', 'Avec commentaire']);
    fireEvent.click(within(filters).getByRole('button', { name: '1 étoile' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('filtre')).toBe('1'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('filter=1'))).toBe(true));
    expect(screen.getByRole('link', { name: 'Exporter en CSV' }).getAttribute('href')).toBe(`${exportReviews.path}?filter=1`);
  });

  it('has an empty state, and another when nothing matches', async () => {
    mockSignedInApi([on(listReviews, () => ({ items: [], next_cursor: null }))]);
    await open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Aucun avis pour le moment' })).toBeTruthy();
  });

  it('says when a search finds nothing', async () => {
    mockSignedInApi([on(listReviews, () => ({ items: [], next_cursor: null }))]);
    await open('/app/feedback?filtre=5');
    expect(await screen.findByRole('heading', { level: 2, name: 'Aucun avis ne correspond' })).toBeTruthy();
  });

  it('opens the share-link modal', async () => {
    mockSignedInApi([
      on(listReviews, () => ({ items: [], next_cursor: null })),
      on(createShareLink, () => ({ request_id: 'q1', token: 'abc', url: 'http://localhost:3000/review/abc' })),
    ]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Partager le lien d’avis' }));
    const dialog = await screen.findByRole('dialog');
    expect(((await within(dialog).findByDisplayValue('http://localhost:3000/review/abc')) as HTMLInputElement).readOnly).toBe(true);
    // Its reviews are not verified purchases, and one link takes only so many (decision 044).
    expect(dialog.textContent).toContain('ne portent pas la mention «\u202fAchat vérifié\u202f»');
    expect(dialog.textContent).toContain('20 avis par heure et 100 par jour');
  });

  it('renews the shared link only after saying the old one stops working', async () => {
    let renewals = 0;
    const fetchMock = mockSignedInApi([
      on(listReviews, () => ({ items: [], next_cursor: null })),
      on(createShareLink, ({ init }) => {
        if ((JSON.parse(String(init?.body ?? '{}')) as { renew?: boolean }).renew) renewals += 1;
        const token = renewals ? 'neuf' : 'abc';
        return { request_id: 'q1', token, url: `http://localhost:3000/review/${token}` };
      }),
    ]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Partager le lien d’avis' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByDisplayValue('http://localhost:3000/review/abc');
    expect(sentBodyTo(fetchMock, createShareLink)).toEqual({});
    fireEvent.click(within(dialog).getByRole('button', { name: 'Générer un nouveau lien' }));
    expect(within(dialog).getByText('L’ancien lien ne permettra plus de laisser un avis. Continuer ?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Garder ce lien' }));
    expect(renewals).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Générer un nouveau lien' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Oui, générer un nouveau lien' }));
    await within(dialog).findByDisplayValue('http://localhost:3000/review/neuf');
    expect(renewals).toBe(1);
    expect(sentBodyTo(fetchMock, createShareLink)).toEqual({ renew: true });
    expect(within(dialog).getByText('Nouveau lien généré : l’ancien ne fonctionne plus.')).toBeTruthy();
  });
});

describe('/app/feedback while no store is connected (decision 045)', () => {
  const away: AwayStore = {
    shop_domain: 'partie.myshopify.com',
    shop_name: null,
    reason: 'disconnected',
    since: '2026-11-02T10:00:00.000Z',
    subscription_status: 'active',
    plan_name: 'Pro',
    billing_period_end: null,
    admin_url: 'https://partie.myshopify.com/admin',
  };

  it('reads and exports the reviews of the store the account last had, and offers nothing that needs a store', async () => {
    mockSignedInApi([on(currentStore, { store: null, away }), on(listReviews, () => ({ items: [review(0)], next_cursor: null }))]);
    const { router } = await open();
    // Text matchers compare the page's text with its spaces made plain.
    expect(await screen.findByText('La boutique partie.myshopify.com n’est plus connectée : ses avis restent consultables et exportables ici.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir l’état de la boutique' }).getAttribute('href')).toBe('/app/integrations');
    await screen.findByRole('listitem', { name: 'Client 0, 5 étoiles sur 5' });
    expect(screen.getByRole('link', { name: 'Exporter en CSV' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Partager le lien d’avis' })).toBeNull();
    expect(router.state.location.pathname).toBe('/app/feedback');
  });

  it('shows its reviews’ photos, with nothing to hide (decision 058)', async () => {
    const photo = {
      id: 'p1',
      position: 1,
      url: '/media/p1.webp',
      thumb_url: '/media/p1-thumb.webp',
      width: 800,
      height: 600,
      thumb_width: 400,
      thumb_height: 300,
      hidden: false,
      hidden_reason: null,
    };
    mockSignedInApi([on(currentStore, { store: null, away }), on(listReviews, () => ({ items: [review(0, { photos: [photo] })], next_cursor: null }))]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Voir la photo 1 de Client 0' }));
    const viewer = await screen.findByRole('dialog', { name: 'Photo de Client 0' });
    expect(within(viewer).queryByRole('button', { name: /Masquer/ })).toBeNull();
    expect(within(viewer).getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });

  it('sends every other screen to Intégrations', async () => {
    mockSignedInApi([on(currentStore, { store: null, away })]);
    const { router } = renderRoute('/app/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/integrations'));
  });

  it('sends a merchant who never had a store to Intégrations from the reviews too', async () => {
    mockSignedInApi([], { store: null });
    const { router } = renderRoute('/app/feedback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/integrations'));
  });
});
