import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listRequests } from '#core/api/review-requests';
import { formatDateTime } from '#web/lib/format';
import { countOrders, diagnostic } from '#core/api/shopify';
import { activeStore, apiError } from '#web/test/render';
import { on } from '#web/test/endpoints';
import { requestItem as request } from '#web/test/schedule-fixtures';
import { hour, day, fromNow, marie, firstPage, listResponse, serve, open, requestList, row, statusOf, deferred } from '#web/test/schedule-page';
import { axeViolations } from '#web/test/axe';

afterEach(() => {
  vi.useRealTimers();
});

describe('/app/schedule', () => {
  it('marks reminders with « Relance », postponed ones with « Reportée à la demande du client », and names their actions apart', async () => {
    const reminder = request({
      id: 'm1',
      customer_name: 'Marie Dupont',
      customer_email: 'marie@example.com',
      order_number: '1001',
      kind: 'reminder',
      reminder_of: 'r-sent',
      scheduled_at: fromNow(2 * day + hour),
    });
    const postponed = request({
      id: 'm2',
      customer_name: 'Paul Roux',
      kind: 'reminder',
      reminder_of: 'r-sent-2',
      postponed_at: '2025-10-12T08:30:00Z',
      scheduled_at: fromNow(4 * day + hour),
    });
    const first = request({ id: 'f1', customer_name: 'Léa Petit', status: 'sent', sent_at: '2025-10-09T09:02:00Z', scheduled_at: '2025-10-09T09:00:00Z' });
    serve([on(listRequests, () => listResponse([reminder, postponed, first], { total: 3 }))]);
    await open();
    await requestList();

    const marieRow = row('Marie Dupont');
    const badge = within(marieRow).getByText('Relance');
    expect(badge.getAttribute('title')).toContain('n’a pas encore donné son avis');
    expect(within(marieRow).queryByText('Reportée à la demande du client')).toBeNull();
    expect(within(marieRow).getByRole('button', { name: 'Envoyer maintenant la relance de Marie Dupont, commande #1001' })).toBeTruthy();
    expect(within(marieRow).getByText('Dans 2 jours')).toBeTruthy();

    const paulRow = row('Paul Roux');
    expect(within(paulRow).getByText('Relance')).toBeTruthy();
    expect(within(paulRow).getByText('Reportée à la demande du client')).toBeTruthy();
    expect(paulRow.textContent).toContain(`Le ${formatDateTime('2025-10-12T08:30:00Z')}, le client a indiqué ne pas avoir encore reçu sa commande`);

    // A first e-mail carries neither.
    expect(within(row('Léa Petit')).queryByText('Relance')).toBeNull();

    // Cancelling a reminder says it is the reminder that goes.
    fireEvent.click(within(marieRow).getByRole('button', { name: 'Annuler la relance de Marie Dupont, commande #1001' }));
    const dialog = screen.getByRole('dialog', { name: 'Annuler la relance\u202f?' });
    expect(dialog.textContent).toContain('La relance de Marie Dupont, commande #1001 sera supprimée');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conserver' }));
    expect(await axeViolations()).toEqual([]);
  }, 15_000);

  it('says why the app withdrew a request by itself (one ask per order)', async () => {
    const better = request({ id: 'w1', customer_name: 'Nina Roux', status: 'cancelled', withdrawn_reason: 'better_moment' });
    const reviewed = request({ id: 'w2', customer_name: 'Hugo Blanc', status: 'cancelled', withdrawn_reason: 'reviewed' });
    const byMerchant = request({ id: 'w3', customer_name: 'Inès Roy', status: 'cancelled' });
    serve([on(listRequests, () => listResponse([better, reviewed, byMerchant], { total: 3 }))]);
    await open();
    await requestList();
    expect(row('Nina Roux').textContent).toContain('Retirée\u202f: une autre demande pour cette commande part à un meilleur moment');
    expect(row('Hugo Blanc').textContent).toContain('Retirée\u202f: le client a déjà laissé un avis sur cette commande');
    expect(row('Inès Roy').textContent).not.toContain('Retirée\u202f:');
  });

  it('names the language of a request made in another language than French (decision 056)', async () => {
    const english = request({ id: 'l1', customer_name: 'Sam Taylor', locale: 'en-GB' });
    const german = request({ id: 'l2', customer_name: 'Lena Schmidt', locale: 'de' });
    const french = request({ id: 'l3', customer_name: 'Nina Roux', locale: 'fr-CA' });
    serve([on(listRequests, () => listResponse([english, german, french], { total: 3 }))]);
    await open();
    await requestList();
    expect(row('Sam Taylor').textContent).toContain('Anglais britannique (Demande en anglais britannique\u202f: e-mail, relance et page d’avis dans cette langue)');
    expect(row('Lena Schmidt').textContent).toContain('Allemand (Demande en allemand');
    expect(row('Nina Roux').textContent).not.toContain('Demande en');
  });

  it('lists the requests with their customer, order, date, French status badge and due label', async () => {
    const api = serve([on(listRequests, () => listResponse(firstPage))]);
    await open();
    expect(screen.getByText('Vos demandes d’avis programmées et envoyées.')).toBeTruthy();
    const list = await requestList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(api.calls(listRequests)[0]?.url.search).toBe('?page=1');
    expect(screen.getByText('Demandes 1 à 10 sur 25')).toBeTruthy();

    // Name, e-mail, order number, French date, status and due label.
    const marieRow = row('Marie Dupont');
    expect(within(marieRow).getByText('marie@example.com')).toBeTruthy();
    expect(within(marieRow).getByText('Commande #1001')).toBeTruthy();
    expect(marieRow.textContent).toContain(`Programmée le ${formatDateTime(marie.scheduled_at)}`);
    expect(statusOf('Marie Dupont')?.textContent).toBe('Statut\u202f: Programmé');
    expect(statusOf('Marie Dupont')?.className).toContain('bg-sky-100');
    expect(within(marieRow).getByText('Dans 3 jours')).toBeTruthy();

    // Without a name, the e-mail names the row; the order number keeps its single '#'.
    expect(within(row('paul@example.com')).getByText('Commande #1002')).toBeTruthy();
    expect(within(row('paul@example.com')).getByText('En retard')).toBeTruthy();
    expect(within(row('Hugo Blanc')).getByText('Dans 5 heures')).toBeTruthy();
    expect(within(row('Inès Roy')).getByText('Bientôt')).toBeTruthy();

    // Failed: red badge, the last error discreetly; no due label on non-scheduled requests.
    expect(statusOf('Luc Martin')?.textContent).toBe('Statut\u202f: Échec');
    expect(statusOf('Luc Martin')?.className).toContain('bg-red-100');
    expect(row('Luc Martin').textContent).toContain('Dernière erreur\u202f: Boîte aux lettres pleine (2 tentatives)');
    expect(within(row('Luc Martin')).queryByText('En retard')).toBeNull();

    // A shared link says so.
    const sharedRow = row('Client inconnu');
    expect(within(sharedRow).getByText('Lien partagé')).toBeTruthy();
    expect(statusOf('Client inconnu')?.textContent).toBe('Statut\u202f: Terminé');

    expect(row('Ana Ruiz').textContent).toContain(`Envoyée le ${formatDateTime('2025-10-09T09:02:00Z')}`);
    const labels: Array<[string, string]> = [
      ['Ana Ruiz', 'Envoyé'],
      ['Jade Petit', 'En attente'],
      ['Client cancelled', 'Annulé'],
      ['Client delivered', 'Délivré'],
    ];
    for (const [name, label] of labels) expect(statusOf(name)?.textContent).toBe(`Statut\u202f: ${label}`);

    // Send now only for scheduled requests; cancel for scheduled, pending and failed ones.
    const sendButtons = screen.getAllByRole('button', { name: /^Envoyer maintenant la demande d’avis/ });
    expect(sendButtons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Envoyer maintenant la demande d’avis de Marie Dupont, commande #1001',
      'Envoyer maintenant la demande d’avis de paul@example.com, commande #1002',
      'Envoyer maintenant la demande d’avis d’Hugo Blanc',
      'Envoyer maintenant la demande d’avis d’Inès Roy',
    ]);
    const cancelButtons = screen.getAllByRole('button', { name: /^Annuler la demande d’avis/ });
    expect(cancelButtons).toHaveLength(6);
    expect(within(row('Luc Martin')).getByRole('button', { name: 'Annuler la demande d’avis de Luc Martin' })).toBeTruthy();
    expect(within(row('Jade Petit')).getByRole('button', { name: 'Annuler la demande d’avis de Jade Petit' })).toBeTruthy();
    for (const name of ['Ana Ruiz', 'Client inconnu', 'Client cancelled', 'Client delivered']) {
      expect(within(row(name)).queryByRole('button')).toBeNull();
    }

    // Pagination: 25 requests, 3 pages, the first one current.
    const pagination = screen.getByRole('navigation', { name: 'Pagination des demandes' });
    expect(within(pagination).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(pagination).getByRole('button', { name: 'Page 3' })).toBeTruthy();
    expect(within(pagination).queryByRole('button', { name: 'Page 4' })).toBeNull();

    expect(await axeViolations()).toEqual([]);
    // The first test also pays for transforming the lazy screen, and axe walks the whole list.
  }, 15_000);

  it('asks the server for page 2 when the merchant moves on, and shows the ellipses beyond 7 pages', async () => {
    const api = serve([
      on(listRequests, ({ query }) => {
        const page = Number(query.get('page'));
        const items = page === 2 ? [request({ id: 'p2', customer_name: 'Zoé Page Deux' })] : firstPage;
        return listResponse(items, { total: 95, page });
      }),
    ]);
    const { router } = await open();
    await requestList();
    const pagination = screen.getByRole('navigation', { name: 'Pagination des demandes' });
    // 10 pages: 1 2 3 4 5 … 10
    expect(
      within(pagination)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '10']);
    expect(within(pagination).getByText('Pages masquées')).toBeTruthy();
    expect(within(pagination).getByRole('button', { name: 'Page précédente' }).getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(within(pagination).getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('listitem', { name: 'Zoé Page Deux' });
    expect(api.calls(listRequests).map((call) => call.url.search)).toEqual(['?page=1', '?page=2']);
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Demandes 11 à 11 sur 95')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    expect(api.calls(listRequests).at(-1)?.url.search).toBe('?page=3');
  });

  it('opens on the page of the URL', async () => {
    const api = serve([on(listRequests, ({ query }) => listResponse(firstPage, { page: Number(query.get('page')) }))]);
    await open('/app/schedule?page=3');
    await requestList();
    expect(api.calls(listRequests)[0]?.url.search).toBe('?page=3');
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the empty state with the import button when there is no request yet', async () => {
    serve([on(listRequests, () => listResponse([], { total: 0 })), on(countOrders, { success: true, count: 3 })]);
    await open();
    await screen.findByRole('heading', { name: 'Aucune campagne pour le moment' });
    expect(screen.queryByRole('list', { name: 'Demandes d’avis' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination des demandes' })).toBeNull();
    const importButtons = screen.getAllByRole('button', { name: 'Importer l’historique' });
    expect(importButtons).toHaveLength(1);
    fireEvent.click(importButtons[0]!);
    await screen.findByText('3 commandes payées ces 60 derniers jours.');
  });

  it('sends a merchant without an active store to the integrations', async () => {
    serve([on(listRequests, () => apiError(404, 'Aucune boutique Shopify connectée', 'no_store'))]);
    await open();
    await screen.findByRole('heading', { name: 'Aucune boutique Shopify active trouvée' });
    expect(screen.getByRole('link', { name: 'Connecter ma boutique' }).getAttribute('href')).toBe('/app/integrations');
    expect(screen.queryByRole('button', { name: 'Importer l’historique' })).toBeNull();
  });

  it('says when the session has expired', async () => {
    serve([on(listRequests, () => apiError(401, 'Vous devez être connecté pour effectuer cette action.'))]);
    await open();
    expect((await screen.findByRole('alert')).textContent).toContain('Session expirée');
    expect(screen.getByRole('link', { name: 'Se reconnecter' }).getAttribute('href')).toBe('/login?redirect=/app/schedule');
  });

  it('shows a spinner while loading, then a load error with a working retry', async () => {
    const first = deferred<Response>();
    let calls = 0;
    serve([on(listRequests, () => (calls++ === 0 ? first.promise : listResponse(firstPage)))]);
    await open();
    expect(await screen.findByText('Chargement des demandes d’avis…')).toBeTruthy();
    first.resolve(apiError(500, 'Panne'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Impossible de charger les demandes d’avis.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    await requestList();
  });

  it('shows the connection diagnostic only when opened, with a link to the full page', async () => {
    const api = serve([
      on(listRequests, () => listResponse(firstPage)),
      on(diagnostic, {
        store: { id: activeStore.id, shop_domain: activeStore.shop_domain },
        checks: {
          token: { status: 'success', http_status: null, failure: null, missing_scopes: [] },
          orders: { status: 'success', count: 4 },
          webhooks_database: { status: 'success', registered: ['orders/paid', 'orders/fulfilled'], missing: [] },
          webhooks_platform: { status: 'success', registered: ['orders/paid', 'orders/fulfilled'], missing: [], wrong_address: [], expected_address: null, failure: null },
          flow: { status: 'error', active: 0, total: 1 },
          events: { status: 'success', recent: [] },
          order_events: { status: 'success', count: 2 },
          customer_data: { status: 'success', approved: true, withheld_fields: [] },
        },
      }),
    ]);
    await open();
    await requestList();
    const toggle = screen.getByRole('button', { name: 'Diagnostic de la connexion' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(api.calls(diagnostic)).toHaveLength(0);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await screen.findByText('1 point demande votre attention.');
    expect(within(screen.getByRole('list', { name: 'Étapes du diagnostic' })).getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'Ouvrir le diagnostic complet' }).getAttribute('href')).toBe('/app/shopify-diagnostic');
    expect(api.calls(diagnostic)).toHaveLength(1);
    expect(await axeViolations()).toEqual([]);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list', { name: 'Étapes du diagnostic' })).toBeNull();
  });
});
