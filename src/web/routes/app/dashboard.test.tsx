import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDashboard, type DashboardPeriod } from '#core/api/dashboard';
import { currentPlan } from '#core/api/plans';
import { currentPlanFixture } from '#web/components/quota/fixtures';
import { listFlows, type Flow } from '#core/api/flows';
import { resendRequest } from '#core/api/review-requests';
import { currentStoreAbsence, dismissStoreAbsence, type StoreAbsence } from '#core/api/stores';
import { dashboardSummary as summary, representativeness } from '#web/test/dashboard-fixtures';
import { apiError, renderRoute } from '#web/test/render';
import { callsTo, mockSignedInApi, on } from '#web/test/endpoints';

afterEach(() => vi.useRealTimers());

/** French numbers and percentages use narrow no-break spaces: compared as plain spaces. */
const spaced = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

async function open(path = '/app/dashboard') {
  const result = renderRoute(path);
  // The screen is a lazy chunk: the first test also pays for transforming it.
  await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' }, { timeout: 5_000 });
  return result;
}

describe('/app/dashboard', () => {
  it('shows the three counters, the distribution and the latest reviews of the period', async () => {
    mockSignedInApi([on(getDashboard, () => summary())]);
    await open();
    const counters = await screen.findByLabelText('Chiffres clés');
    expect(within(counters).getByText('Invitations envoyées').nextElementSibling?.textContent).toBe((1280).toLocaleString('fr-FR'));
    expect(within(counters).getByText('Avis reçus').nextElementSibling?.textContent).toBe('3');
    expect(within(counters).getByText('Note moyenne').nextElementSibling?.textContent).toBe('4,7 / 5');
    expect(screen.getByRole('img', { name: /Répartition des notes\s: 5 étoiles\s: 2 avis, 4 étoiles\s: 1 avis, 3 étoiles\s: 0 avis/ })).toBeTruthy();
    const recent = screen.getByRole('region', { name: 'Derniers avis' });
    expect(within(recent).getByRole('img', { name: '5 étoiles sur 5' })).toBeTruthy();
    expect(within(recent).getByText('Parfait, merci !')).toBeTruthy();
    expect(within(recent).getByText(/Client anonyme/)).toBeTruthy();
    // Each review's state and origin, never its rating (decision 044).
    const [first, second] = within(recent).getAllByRole('listitem');
    expect(first!.textContent).toContain('Publié · Achat vérifié');
    expect(second!.textContent).toContain('Non publié\u202f: achat non vérifié · Lien partagé');
    expect(within(recent).getByRole('link', { name: 'Voir tous les avis' }).getAttribute('href')).toBe('/app/feedback');
  });

  it('says how many of the period’s reviews carry photos, and their share', async () => {
    mockSignedInApi([on(getDashboard, () => summary({ reviews_received: 8, reviews_with_photos: 2 }))]);
    await open();
    const counters = await screen.findByLabelText('Chiffres clés');
    const figure = within(counters).getByText('Avis avec photos');
    expect(figure.nextElementSibling?.textContent).toBe('2');
    expect(spaced(figure.nextElementSibling?.nextElementSibling?.textContent ?? null)).toBe('25 % des avis reçus');
  });

  it('shows no share of reviews with photos when the period has no review', async () => {
    mockSignedInApi([on(getDashboard, () => summary({ reviews_received: 0, reviews_with_photos: 0, distribution: summary().distribution.map((d) => ({ ...d, count: 0 })) }))]);
    await open();
    const figure = within(await screen.findByLabelText('Chiffres clés')).getByText('Avis avec photos');
    expect(figure.nextElementSibling?.textContent).toBe('0');
    expect(figure.nextElementSibling?.nextElementSibling).toBeNull();
  });

  it('shows the funnel with opens called an estimate, and the response rate', async () => {
    mockSignedInApi([on(getDashboard, () => summary())]);
    await open();
    const funnel = await screen.findByRole('region', { name: 'Parcours des invitations' });
    const steps = within(funnel)
      .getAllByRole('listitem')
      .map((li) => spaced(li.textContent));
    expect(steps).toEqual([
      `Envoyées${spaced((1280).toLocaleString('fr-FR'))}`,
      `Ouvertes (estimation)640 · 50 % des envois`,
      `Page d’avis visitée400 · 31 % des envois`,
      `Avis laissés256 · 20 % des envois`,
    ]);
    expect(within(funnel).getByText(/^Taux de réponse\s: 20\s%$/)).toBeTruthy();
    expect(within(funnel).getByText(/Les ouvertures sont une estimation/)).toBeTruthy();
    expect(within(funnel).getByText(/«\sEnvoyé\s» signifie accepté par le serveur d’envoi/)).toBeTruthy();
  });

  it('draws reviews over time with the figures in a table for screen readers', async () => {
    mockSignedInApi([on(getDashboard, () => summary())]);
    await open();
    const section = await screen.findByRole('region', { name: 'Avis reçus dans le temps' });
    expect(within(section).getByRole('img', { name: 'Avis reçus par jour\u202f: 3 au total, détail dans le tableau qui suit' })).toBeTruthy();
    const table = within(section).getByRole('table', { name: 'Avis reçus par jour' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['PériodeAvisNote moyenne', '22 nov.14', '23 nov.25']);
  });

  it('says whom the public site hears from: skewed to the happy ones, alike, gated, or nobody yet', async () => {
    const cases: [ReturnType<typeof representativeness>, RegExp, boolean][] = [
      [representativeness(), /entend surtout des clients satisfaits\s: note moyenne 4,4 chez ceux qui ont suivi le lien, contre 3,8/, true],
      [representativeness(undefined, { average_responses: 3.8, average_offered: 3.8, average_followed: 4.0 }), /ressemblent à l’ensemble\s: note moyenne 4,0, contre 3,8/, false],
      [
        representativeness(
          [5, 4, 3, 2, 1].map((rating) => ({ rating, responses: 10, offered: rating >= 4 ? 10 : 0, followed: 0 })),
          { average_responses: 3, average_offered: 4.5, average_followed: null },
        ),
        /Seules certaines notes sont invitées/,
        true,
      ],
      [
        representativeness(
          [5, 4, 3, 2, 1].map((rating) => ({ rating, responses: 10, offered: 10, followed: 0 })),
          { average_responses: 3, average_offered: 3, average_followed: null },
        ),
        /Aucun client n’a encore suivi le lien/,
        false,
      ],
    ];
    for (const [figures, sentence, warns] of cases) {
      mockSignedInApi([on(getDashboard, () => summary({ representativeness: figures }))]);
      const { unmount } = await open();
      const section = await screen.findByRole('region', { name: 'Qui laisse un avis public\u202f?' });
      expect(within(section).getByText(sentence)).toBeTruthy();
      expect(within(section).queryByRole('link', { name: 'Voir les actions conditionnelles' }) !== null).toBe(warns);
      unmount();
    }
  });

  it('tabulates the representativeness per rating with shares and averages', async () => {
    mockSignedInApi([on(getDashboard, () => summary())]);
    await open();
    const table = await screen.findByRole('table', { name: 'Notes par étape' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => spaced(r.textContent));
    expect(rows[0]).toBe('NoteToutes les réponsesInvités sur le site publicOnt suivi le lien');
    expect(rows[1]).toBe('5 étoiles40 (40 %)40 (40 %)20 (59 %)');
    expect(rows.at(-1)).toBe('Note moyenne3,8 / 53,8 / 54,4 / 5');
  });

  it('with nothing sent yet, says what will happen next: the active flows, or that none will ask', async () => {
    const store = { id: 'store-1', shop_domain: 'atelier-nova.myshopify.com', shop_name: 'Atelier Nova', is_active: true };
    const defaultFlow: Flow = {
      id: 'f1',
      shopify_store_id: store.id,
      name: 'Nouveau flux',
      trigger_event: 'order_fulfilled',
      delay_days: 3,
      channels: { email: true, whatsapp: false },
      target_all_orders: true,
      minimum_order_amount: 0,
      reminder_days: null,
      is_active: true,
      created_at: '2026-11-24T09:00:00.000Z',
      updated_at: '2026-11-24T09:00:00.000Z',
    };
    const nothing = summary({
      invitations_sent: 0,
      reviews_received: 0,
      average_rating: null,
      distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: 0 })),
      recent_reviews: [],
      funnel: { sent: 0, opened: 0, visited: 0, reviewed: 0 },
    });
    for (const [flows, expected] of [
      [[defaultFlow], '« Nouveau flux » : 3 jours après l’expédition.'],
      [[{ ...defaultFlow, is_active: false }], 'Aucun flux actif : vos prochaines commandes ne recevront pas de demande d’avis.'],
    ] satisfies [Flow[], string][]) {
      mockSignedInApi([on(getDashboard, () => nothing), on(listFlows, () => ({ stores: [store], store_id: store.id, flows }))]);
      const { unmount } = await open();
      expect(await screen.findByText(expected)).toBeTruthy();
      if (flows[0]?.is_active) {
        const next = screen.getByRole('region', { name: 'Et maintenant\u202f?' });
        expect(within(next).getByRole('link', { name: 'Voir le calendrier d’envoi' }).getAttribute('href')).toBe('/app/schedule');
      } else {
        expect(screen.getByRole('link', { name: 'Configurer un flux' }).getAttribute('href')).toBe('/app/flow');
      }
      unmount();
    }
  });

  it('keeps the period in the URL and asks the server for it', async () => {
    const fetchMock = mockSignedInApi([on(getDashboard, ({ query }) => summary({ period: (query.get('period') ?? '30days') as DashboardPeriod }))]);
    const { router } = await open('/app/dashboard?period=7days');
    const group = await screen.findByRole('group', { name: 'Période' });
    expect(within(group).getByRole('button', { name: '7 jours' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(group).getByRole('button', { name: 'Tout' }));
    await waitFor(() => expect(router.state.location.search).toBe('?period=all'));
    await waitFor(() => expect(callsTo(fetchMock, getDashboard).some(([url]) => String(url).endsWith('?period=all'))).toBe(true));
    expect(within(group).getByRole('button', { name: 'Tout' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says so when the period has no review', async () => {
    mockSignedInApi([
      on(getDashboard, () => summary({ reviews_received: 0, average_rating: null, distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: 0 })), recent_reviews: [] })),
    ]);
    await open();
    expect(await screen.findByText('Aucun avis pour cette période.')).toBeTruthy();
    expect(within(screen.getByLabelText('Chiffres clés')).getByText('Note moyenne').nextElementSibling?.textContent).toBe('—');
  });

  it('lists unconfirmed sends and re-sends one', async () => {
    let resent = false;
    mockSignedInApi([
      on(getDashboard, () =>
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
      on(
        resendRequest,
        () => {
          resent = true;
          return { success: true, processed: 1, failed: 0, quota_exceeded: false };
        },
        { id: '4b0d6f4e-6a3e-4f6a-9c1e-2f0a8d1b7c11' },
      ),
    ]);
    await open();
    expect(await screen.findByRole('heading', { level: 2, name: '1 envoi non confirmé' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Renvoyer la demande d’avis à Marc Petit' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: '1 envoi non confirmé' })).toBeNull());
  });

  it('after the install: a success message for 5 s, and the parameters leave the URL', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockSignedInApi([on(getDashboard, () => summary())]);
    const { router } = await open('/app/dashboard?shopify=success&subscription=activated');
    expect((await screen.findByText('Votre boutique est connectée et votre abonnement est activé.')).closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await act(() => vi.advanceTimersByTimeAsync(5100));
    await waitFor(() => expect(screen.queryByText('Votre boutique est connectée et votre abonnement est activé.')).toBeNull());
  });

  it('after an approved change of plan: names the new plan, never announces an install', async () => {
    mockSignedInApi([on(getDashboard, () => summary()), on(currentPlan, () => currentPlanFixture(120, 300, { plan: 'starter', plan_name: 'Starter' }))]);
    const { router } = await open('/app/dashboard?shopify=success&subscription=changed');
    const notice = await screen.findByText(/vous êtes désormais sur le plan Starter\./);
    expect(notice.textContent).toBe(
      'Changement de plan approuvé sur Shopify\u202f: vous êtes désormais sur le plan Starter. Les e-mails déjà envoyés pendant la période d’envoi en cours restent comptés.',
    );
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText(/Votre boutique est connectée/)).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('/app/dashboard after the store was away (decision 045)', () => {
  const absence: StoreAbsence = {
    id: '0b5a3d5e-6a43-4d4b-9a55-0a8f0f1f1c11',
    reason: 'uninstalled',
    away_from: '2026-11-02T10:00:00.000Z',
    back_at: '2026-11-09T10:00:00.000Z',
    cancelled: [
      { reason: 'app_uninstalled', count: 3 },
      { reason: 'order_refunded', count: 1 },
    ],
    due_meanwhile: 2,
    orders: {
      read: true,
      paid: 5,
      outcomes: [
        { outcome: 'asked', count: 3 },
        { outcome: 'no_email', count: 1 },
        { outcome: 'no_matching_flow', count: 1 },
      ],
    },
  };

  it('tells what happened meanwhile: cancelled requests and why, those due now, each paid order asked or not; read once', async () => {
    let told: StoreAbsence | null = absence;
    const fetchMock = mockSignedInApi([
      on(getDashboard, () => summary()),
      on(currentStoreAbsence, () => ({ absence: told })),
      on(dismissStoreAbsence, () => {
        told = null;
        return { ok: true };
      }),
    ]);
    await open();
    const notice = await screen.findByRole('region', { name: 'Pendant que l’application était désinstallée' });
    expect(spaced(notice.textContent)).toContain('Du 2 novembre 2026 au 9 novembre 2026.');
    expect(spaced(notice.textContent)).toContain('4 demandes d’avis annulées :');
    expect(within(notice).getAllByRole('list')[0]!.textContent).toBe(
      ['3\u202f: l’application a été désinstallée de votre boutique Shopify', '1\u202f: commande remboursée'].join(''),
    );
    expect(spaced(notice.textContent)).toContain('2 demandes arrivées à échéance pendant ce temps partent maintenant.');
    expect(spaced(notice.textContent)).toContain('5 commandes payées pendant ce temps :');
    expect(within(notice).getAllByRole('list')[1]!.textContent).toBe(
      ['3\u202f: demande d’avis programmée', '1\u202f: sans adresse e-mail', '1\u202f: aucun flux actif ne la concerne'].join(''),
    );
    fireEvent.click(within(notice).getByRole('button', { name: 'J’ai compris' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Pendant que l’application était désinstallée' })).toBeNull());
    expect(callsTo(fetchMock, dismissStoreAbsence, { id: absence.id })).toHaveLength(1);
  });

  it('says the orders are still being read until Shopify was read, and nothing at all without an absence', async () => {
    mockSignedInApi([
      on(getDashboard, () => summary()),
      on(currentStoreAbsence, { absence: { ...absence, reason: 'disconnected', cancelled: [], due_meanwhile: 0, orders: { read: false, paid: 0, outcomes: [] } } }),
    ]);
    const { unmount } = await open();
    const notice = await screen.findByRole('region', { name: 'Pendant que votre boutique était déconnectée' });
    expect(spaced(notice.textContent)).toContain('Les commandes payées pendant ce temps sont en cours de lecture sur Shopify');
    expect(notice.textContent).not.toContain('annulée');
    unmount();

    mockSignedInApi([on(getDashboard, () => summary()), on(currentStoreAbsence, { absence: null })]);
    await open();
    await screen.findByLabelText('Chiffres clés');
    expect(screen.queryByRole('region', { name: /^Pendant que/ })).toBeNull();
  });

  it('keeps the notice and says so when the reading cannot be recorded', async () => {
    mockSignedInApi([on(getDashboard, () => summary()), on(currentStoreAbsence, { absence }), on(dismissStoreAbsence, () => apiError(500, 'Erreur', 'internal'))]);
    await open();
    const notice = await screen.findByRole('region', { name: 'Pendant que l’application était désinstallée' });
    const button = within(notice).getByRole('button', { name: 'J’ai compris' });
    fireEvent.click(button);
    expect((await within(notice).findByRole('alert')).textContent).toBe('Impossible d’enregistrer votre lecture. Veuillez réessayer.');
    expect(button.getAttribute('aria-describedby')).toBe(within(notice).getByRole('alert').id);
  });
});
