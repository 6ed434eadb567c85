import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockSignedInApi, renderRoute } from '../../test/render';

afterEach(() => vi.useRealTimers());

const summary = (overrides: Record<string, unknown> = {}) => ({
  period: '30days',
  since: '2026-10-25T12:00:00.000Z',
  invitations_sent: 1280,
  reviews_received: 3,
  average_rating: 4.7,
  distribution: [
    { rating: 5, count: 2 },
    { rating: 4, count: 1 },
    { rating: 3, count: 0 },
    { rating: 2, count: 0 },
    { rating: 1, count: 0 },
  ],
  recent_reviews: [
    { id: 'r1', rating: 5, customer_name: 'Léa Dubois', comment: 'Parfait, merci !', order_number: '#1042', is_published: true, created_at: '2026-11-23T09:00:00.000Z' },
    { id: 'r2', rating: 4, customer_name: null, comment: null, order_number: null, is_published: true, created_at: '2026-11-22T09:00:00.000Z' },
  ],
  unconfirmed: { count: 0, items: [] },
  ...overrides,
});

async function open(path = '/app/dashboard') {
  const result = renderRoute(path);
  // The screen is a lazy chunk: the first test also pays for transforming it.
  await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' }, { timeout: 5_000 });
  return result;
}

describe('/app/dashboard', () => {
  it('shows the three counters, the distribution and the latest reviews of the period', async () => {
    mockSignedInApi({ '/api/dashboard': () => jsonResponse(summary()) });
    await open();
    const counters = await screen.findByLabelText('Chiffres clés');
    expect(within(counters).getByText('Invitations envoyées').nextElementSibling?.textContent).toBe((1280).toLocaleString('fr-FR'));
    expect(within(counters).getByText('Avis reçus').nextElementSibling?.textContent).toBe('3');
    expect(within(counters).getByText('Note moyenne').nextElementSibling?.textContent).toBe('4,7 / 5');
    expect(screen.getByRole('img', { name: /Répartition des notes : 5 étoiles : 2 avis, 4 étoiles : 1 avis, 3 étoiles : 0 avis/ })).toBeTruthy();
    const recent = screen.getByRole('region', { name: 'Derniers avis' });
    expect(within(recent).getByRole('img', { name: '5 étoiles sur 5' })).toBeTruthy();
    expect(within(recent).getByText('Parfait, merci !')).toBeTruthy();
    expect(within(recent).getByText(/Client anonyme/)).toBeTruthy();
    expect(within(recent).getByRole('link', { name: 'Voir tous les avis' }).getAttribute('href')).toBe('/app/feedback');
  });

  it('keeps the period in the URL and asks the server for it', async () => {
    const fetchMock = mockSignedInApi({ '/api/dashboard': (url) => jsonResponse(summary({ period: new URL(url, 'http://x').searchParams.get('period') ?? '30days' })) });
    const { router } = await open('/app/dashboard?period=7days');
    const group = await screen.findByRole('group', { name: 'Période' });
    expect(within(group).getByRole('button', { name: '7 jours' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(group).getByRole('button', { name: 'Tout' }));
    await waitFor(() => expect(router.state.location.search).toBe('?period=all'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/dashboard?period=all'))).toBe(true));
    expect(within(group).getByRole('button', { name: 'Tout' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says so when the period has no review', async () => {
    mockSignedInApi({
      '/api/dashboard': () =>
        jsonResponse(summary({ reviews_received: 0, average_rating: null, distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: 0 })), recent_reviews: [] })),
    });
    await open();
    expect(await screen.findByText('Aucun avis pour cette période.')).toBeTruthy();
    expect(screen.getByText('Note moyenne').nextElementSibling?.textContent).toBe('—');
  });

  it('lists unconfirmed sends and re-sends one', async () => {
    let resent = false;
    mockSignedInApi({
      '/api/dashboard': () =>
        jsonResponse(
          summary({
            unconfirmed: resent
              ? { count: 0, items: [] }
              : {
                  count: 1,
                  items: [
                    {
                      id: '4b0d6f4e-6a3e-4f6a-9c1e-2f0a8d1b7c11',
                      customer_name: 'Marc Petit',
                      customer_email: 'marc@exemple.test',
                      order_number: '#1050',
                      sent_at: '2026-11-20T10:00:00.000Z',
                    },
                  ],
                },
          }),
        ),
      '/api/review-requests/4b0d6f4e-6a3e-4f6a-9c1e-2f0a8d1b7c11/resend': () => {
        resent = true;
        return jsonResponse({ success: true, processed: 1, failed: 0, quota_exceeded: false });
      },
    });
    await open();
    expect(await screen.findByRole('heading', { level: 2, name: '1 envoi non confirmé' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Renvoyer la demande d'avis à Marc Petit" }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: '1 envoi non confirmé' })).toBeNull());
  });

  it('after the install: a success message for 5 s, and the parameters leave the URL', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockSignedInApi({ '/api/dashboard': () => jsonResponse(summary()) });
    const { router } = await open('/app/dashboard?shopify=success&subscription=activated');
    expect((await screen.findByText('Votre boutique est connectée et votre abonnement est activé.')).closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await act(() => vi.advanceTimersByTimeAsync(5100));
    await waitFor(() => expect(screen.queryByText('Votre boutique est connectée et votre abonnement est activé.')).toBeNull());
  });
});
