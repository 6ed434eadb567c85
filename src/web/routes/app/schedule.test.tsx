import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cancelRequest, createShareLink, importHistory, listRequests, processRequests, type RequestItem, resendRequest } from '#core/api/review-requests';
import { formatDateTime } from '#web/lib/format';
import type { Endpoint } from '#core/api/endpoint';
import { countOrders, diagnostic } from '#core/api/shopify';
import { activeStore, apiError, jsonResponse, renderRoute } from '#web/test/render';
import { callsTo, mockSignedInApi, on, type ParamsFilter, type Route } from '#web/test/endpoints';
import { requestItem as request } from '#web/test/schedule-fixtures';

afterEach(() => {
  vi.useRealTimers();
});

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
/** An ISO date `offset` ms from now (the due labels are computed against the real clock). */
const fromNow = (offset: number) => new Date(Date.now() + offset).toISOString();

const marie = request({
  id: 'r1',
  customer_name: 'Marie Dupont',
  customer_email: 'marie@example.com',
  order_number: '1001',
  scheduled_at: fromNow(3 * day + hour),
});
const paul = request({ id: 'r2', customer_email: 'paul@example.com', order_number: '#1002', scheduled_at: fromNow(-2 * hour) });
const luc = request({
  id: 'r3',
  customer_name: 'Luc Martin',
  status: 'failed',
  last_error: 'Boîte aux lettres pleine',
  attempts: 2,
  scheduled_at: fromNow(-2 * day),
});
const shared = request({ id: 'r4', status: 'completed', channel: 'link', scheduled_at: '2025-10-10T08:00:00Z' });
const sent = request({
  id: 'r5',
  customer_name: 'Ana Ruiz',
  status: 'sent',
  scheduled_at: '2025-10-09T09:00:00Z',
  sent_at: '2025-10-09T09:02:00Z',
});
const soonish = request({ id: 'r6', customer_name: 'Hugo Blanc', scheduled_at: fromNow(5 * hour + 10 * minute) });
const imminent = request({ id: 'r7', customer_name: 'Inès Roy', scheduled_at: fromNow(10 * minute) });
const waiting = request({ id: 'r8', customer_name: 'Jade Petit', status: 'pending' });
const others = (['cancelled', 'delivered', 'opened', 'processing'] as const).map((status, index) => request({ id: `o${index}`, customer_name: `Client ${status}`, status }));

const firstPage = [marie, paul, luc, shared, sent, soonish, imminent, waiting, others[0]!, others[1]!];

function listResponse(items: RequestItem[], { total = 25, page = 1 } = {}) {
  return jsonResponse({ store_id: activeStore.id, items, total, page, page_size: 10 });
}

/**
 * A signed-in merchant with an active store, and `routes` (anything else answers 404). `calls` lists
 * the calls made to an endpoint, with their URL (query included) and JSON body.
 */
function serve(routes: Route[]) {
  const fetchMock = mockSignedInApi(routes);
  return {
    fetchMock,
    calls<const E extends Endpoint>(endpoint: E, params?: ParamsFilter<E>) {
      return callsTo(fetchMock, endpoint, params).map(([input, init]) => ({
        url: new URL(String(input), 'http://localhost'),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      }));
    },
  };
}

async function open(path = '/app/schedule') {
  const result = renderRoute(path);
  // The screen is a lazy chunk: the first test also pays for transforming it.
  await screen.findByRole('heading', { level: 1, name: 'Calendrier d’envoi' }, { timeout: 5_000 });
  return result;
}

const requestList = () => screen.findByRole('list', { name: 'Demandes d’avis' });
const row = (name: string) => screen.getByRole('listitem', { name });

/** The status badge of a row, read as a screen reader does ("Statut : Programmé"). */
function statusOf(name: string) {
  return within(row(name)).getByText('Statut :').parentElement;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function axeViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.html) }));
}

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

  describe('send now', () => {
    const sendButton = 'Envoyer maintenant la demande d’avis de Marie Dupont, commande #1001';

    it('sends the request, says so, and reloads the list', async () => {
      const answer = deferred<Response>();
      const api = serve([on(listRequests, () => listResponse(firstPage)), on(processRequests, () => answer.promise)]);
      await open();
      await requestList();
      const button = screen.getByRole('button', { name: sendButton });
      fireEvent.click(button);
      await waitFor(() => expect(api.calls(processRequests).map((call) => call.body)).toEqual([{ manual: true, requestIds: ['r1'] }]));

      // Busy: the button says so and keeps the focus; the other send buttons wait.
      await waitFor(() => expect(button.textContent).toBe('Envoi…'));
      expect(button.getAttribute('aria-busy')).toBe('true');
      const other = screen.getByRole('button', { name: 'Envoyer maintenant la demande d’avis d’Hugo Blanc' });
      expect(other.getAttribute('aria-disabled')).toBe('true');
      fireEvent.click(other);
      expect(api.calls(processRequests)).toHaveLength(1);

      answer.resolve(jsonResponse({ success: true, processed: 1, failed: 0, quota_exceeded: false }));
      await screen.findByText('Email envoyé avec succès !');
      await waitFor(() => expect(api.calls(listRequests)).toHaveLength(2));
    });

    it.each([
      [
        'the quota is exceeded',
        () => jsonResponse({ success: false, processed: 0, failed: 0, quota_exceeded: true, plan: 'Starter', quota: 300, used: 300 }),
        'Quota dépassé\u202f! Votre plan Starter permet 300 emails/mois. Vous en avez utilisé 300. Veuillez passer à un plan supérieur.',
      ],
      [
        'the e-mail fails',
        () => jsonResponse({ success: false, processed: 1, failed: 1, quota_exceeded: false }),
        'L’envoi de l’email a échoué. Vérifiez la configuration de votre email.',
      ],
      [
        'nothing was processed',
        () => jsonResponse({ success: false, processed: 0, failed: 0, quota_exceeded: false }),
        'Aucune demande n’a pu être traitée. Vérifiez que la demande existe toujours et qu’elle est au statut «\u202fProgrammé\u202f».',
      ],
      [
        'the server explains a refusal',
        () =>
          jsonResponse({
            success: false,
            processed: 0,
            failed: 0,
            quota_exceeded: false,
            error: 'Limite d’envoi quotidienne atteinte (1000 emails par jour). La demande reste programmée et partira demain.',
            code: 'daily_limit_reached',
          }),
        'Limite d’envoi quotidienne atteinte (1000 emails par jour). La demande reste programmée et partira demain.',
      ],
      [
        'the call fails (HTTP)',
        () => apiError(500, 'Une erreur interne est survenue. Veuillez réessayer.'),
        'Erreur HTTP 500\u202f: Une erreur interne est survenue. Veuillez réessayer.',
      ],
      ['the session has expired', () => apiError(401, 'Vous devez être connecté pour effectuer cette action.'), 'Session expirée'],
    ])('reports it when %s', async (_case, answer, message) => {
      const api = serve([on(listRequests, () => listResponse(firstPage)), on(processRequests, answer)]);
      await open();
      await requestList();
      fireEvent.click(screen.getByRole('button', { name: sendButton }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(message);
      expect(screen.queryByText('Email envoyé avec succès !')).toBeNull();
      await waitFor(() => expect(api.calls(listRequests)).toHaveLength(2));
    });

    it('hides the status toast after 5 s', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      serve([on(listRequests, () => listResponse(firstPage)), on(processRequests, () => jsonResponse({ success: true, processed: 1, failed: 0, quota_exceeded: false }))]);
      await open();
      await requestList();
      fireEvent.click(screen.getByRole('button', { name: sendButton }));
      await screen.findByText('Email envoyé avec succès !');
      act(() => vi.advanceTimersByTime(4_500));
      expect(screen.getByText('Email envoyé avec succès !')).toBeTruthy();
      act(() => vi.advanceTimersByTime(600));
      expect(screen.queryByText('Email envoyé avec succès !')).toBeNull();
    });
  });

  describe('cancel', () => {
    const cancelButton = 'Annuler la demande d’avis de Marie Dupont, commande #1001';

    it('asks for confirmation, then deletes the request and says so for 3 s', async () => {
      let deleted = false;
      const api = serve([
        on(listRequests, () => listResponse(deleted ? firstPage.slice(1) : firstPage, { total: deleted ? 24 : 25 })),
        on(
          cancelRequest,
          () => {
            deleted = true;
            return jsonResponse({ ok: true });
          },
          { id: 'r1' },
        ),
      ]);
      await open();
      await requestList();
      const opener = screen.getByRole('button', { name: cancelButton });
      opener.focus();
      fireEvent.click(opener);

      const dialog = screen.getByRole('dialog', { name: 'Annuler la demande d’avis\u202f?' });
      expect(dialog.textContent).toContain('La demande d’avis de Marie Dupont, commande #1001 sera supprimée');
      expect(api.calls(cancelRequest, { id: 'r1' })).toHaveLength(0);

      // 'Conserver' keeps it.
      fireEvent.click(within(dialog).getByRole('button', { name: 'Conserver' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(opener);
      expect(api.calls(cancelRequest, { id: 'r1' })).toHaveLength(0);

      vi.useFakeTimers({ shouldAdvanceTime: true });
      fireEvent.click(opener);
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Annuler la demande' }));
      await screen.findByText('Demande d’avis annulée');
      expect(api.calls(cancelRequest, { id: 'r1' })).toHaveLength(1);
      expect(screen.queryByRole('dialog')).toBeNull();
      await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Marie Dupont' })).toBeNull());
      expect(screen.getByText('Demandes 1 à 9 sur 24')).toBeTruthy();

      act(() => vi.advanceTimersByTime(3_100));
      expect(screen.queryByText('Demande d’avis annulée')).toBeNull();
    });

    it('reports a failed deletion with the server reason', async () => {
      serve([
        on(listRequests, () => listResponse(firstPage)),
        on(cancelRequest, () => apiError(409, 'Cette demande ne peut plus être annulée\u202f: elle est en cours d’envoi ou déjà envoyée.', 'request_not_cancellable'), {
          id: 'r1',
        }),
      ]);
      await open();
      await requestList();
      fireEvent.click(screen.getByRole('button', { name: cancelButton }));
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Annuler la demande' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('Erreur lors de la suppressionCette demande ne peut plus être annulée\u202f: elle est en cours d’envoi ou déjà envoyée.');
      expect(within(alert).getByText('Erreur lors de la suppression')).toBeTruthy();
      expect(screen.getByRole('listitem', { name: 'Marie Dupont' })).toBeTruthy();
    });
  });

  describe('unconfirmed sends', () => {
    const unconfirmed = request({
      id: 'u1',
      customer_name: 'Zoé Morel',
      order_number: '1042',
      status: 'sent',
      unconfirmed: true,
      sent_at: '2025-10-09T09:02:00Z',
      last_error: 'Envoi non confirmé',
      scheduled_at: '2025-10-09T09:00:00Z',
    });

    it('are marked as such, and re-sent only after the merchant confirms the risk of a duplicate', async () => {
      let resent = false;
      const api = serve([
        on(listRequests, () => listResponse([resent ? { ...unconfirmed, unconfirmed: false, last_error: null } : unconfirmed, sent], { total: 2 })),
        on(
          resendRequest,
          () => {
            resent = true;
            return jsonResponse({ success: true, processed: 1, failed: 0, quota_exceeded: false });
          },
          { id: 'u1' },
        ),
      ]);
      await open();
      await requestList();
      const zoe = row('Zoé Morel');
      expect(within(zoe).getByText('Non confirmé')).toBeTruthy();
      expect(zoe.textContent).toContain('l’e-mail est peut-être arrivé, peut-être pas');
      // A confirmed send offers nothing of the sort.
      expect(within(row('Ana Ruiz')).queryByRole('button', { name: /Renvoyer/ })).toBeNull();

      fireEvent.click(within(zoe).getByRole('button', { name: 'Renvoyer la demande d’avis de Zoé Morel, commande #1042' }));
      const dialog = screen.getByRole('dialog', { name: 'Renvoyer la demande d’avis\u202f?' });
      expect(dialog.textContent).toContain('deux e-mails');
      expect(dialog.textContent).toContain('qu’une fois dans votre quota');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Ne pas renvoyer' }));
      expect(api.calls(resendRequest, { id: 'u1' })).toHaveLength(0);

      fireEvent.click(within(row('Zoé Morel')).getByRole('button', { name: /^Renvoyer la demande/ }));
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Renvoyer maintenant' }));
      await screen.findByText('Email envoyé avec succès !');
      expect(api.calls(resendRequest, { id: 'u1' })).toHaveLength(1);
      await waitFor(() => expect(within(row('Zoé Morel')).queryByText('Non confirmé')).toBeNull());
      expect(await axeViolations()).toEqual([]);
    });
  });

  describe('history import', () => {
    it('counts the paid orders, then imports at once when asked for "now"', async () => {
      const api = serve([
        on(listRequests, () => listResponse(firstPage)),
        on(countOrders, () => jsonResponse({ success: true, count: 42 })),
        on(importHistory, () => jsonResponse({ success: true, synced_count: 42, scheduled_count: 40 })),
      ]);
      await open();
      await requestList();
      fireEvent.click(screen.getByRole('button', { name: 'Importer l’historique' }));
      const dialog = await screen.findByRole('dialog', { name: 'Importer l’historique' });
      expect(within(dialog).getByText('Comptage des commandes payées…')).toBeTruthy();
      await within(dialog).findByText('42 commandes payées ces 60 derniers jours.');
      expect(api.calls(countOrders).map((call) => call.body)).toEqual([{ shop_id: activeStore.id }]);

      expect(await axeViolations()).toEqual([]);

      fireEvent.click(within(dialog).getByRole('button', { name: /^Envoyer maintenant/ }));
      await screen.findByText('42 commandes importées et 40 demandes d’avis programmées !');
      expect(api.calls(importHistory).map((call) => call.body)).toEqual([{ shop_id: activeStore.id, immediate: true }]);
      expect(screen.queryByRole('dialog')).toBeNull();
      await waitFor(() => expect(api.calls(listRequests)).toHaveLength(2));
    });

    it('spreads the import: defaults 7 days, Monday to Friday, 9:00 UTC; the last day stays; the chosen values are sent', async () => {
      const api = serve([
        on(listRequests, () => listResponse(firstPage)),
        on(countOrders, () => jsonResponse({ success: true, count: 12 })),
        on(importHistory, () => jsonResponse({ success: true, synced_count: 12, scheduled_count: 12 })),
      ]);
      await open();
      await requestList();
      fireEvent.click(screen.getByRole('button', { name: 'Importer l’historique' }));
      const dialog = await screen.findByRole('dialog', { name: 'Importer l’historique' });
      await within(dialog).findByText('12 commandes payées ces 60 derniers jours.');
      fireEvent.click(within(dialog).getByRole('button', { name: /^Étaler l’envoi/ }));

      const slider = within(dialog).getByRole('slider', { name: 'Étaler l’envoi sur' }) as HTMLInputElement;
      expect(slider.value).toBe('7');
      expect(slider.min).toBe('1');
      expect(slider.max).toBe('30');
      expect(slider.getAttribute('aria-valuetext')).toBe('7 jours');
      const days = within(within(dialog).getByRole('group', { name: 'Jours d’envoi' }));
      const pressed = () =>
        days
          .getAllByRole('button')
          .filter((button) => button.getAttribute('aria-pressed') === 'true')
          .map((button) => button.textContent);
      expect(pressed()).toEqual(['LunLundi', 'MarMardi', 'MerMercredi', 'JeuJeudi', 'VenVendredi']);
      const hour = within(dialog).getByRole('combobox', { name: 'Heure d’envoi (UTC)' }) as HTMLSelectElement;
      expect(hour.value).toBe('9');
      expect(hour.options).toHaveLength(24);
      expect(hour.selectedOptions[0]?.textContent).toBe('09:00 UTC');

      // Down to one day: that one cannot be unselected.
      for (const name of ['Mardi', 'Mercredi', 'Jeudi', 'Vendredi']) fireEvent.click(days.getByRole('button', { name }));
      expect(pressed()).toEqual(['LunLundi']);
      const monday = days.getByRole('button', { name: 'Lundi' });
      expect(monday.getAttribute('aria-disabled')).toBe('true');
      fireEvent.click(monday);
      expect(monday.getAttribute('aria-pressed')).toBe('true');
      const start = within(dialog).getByRole('button', { name: 'Démarrer l’importation' }) as HTMLButtonElement;
      expect(start.disabled).toBe(false);

      // Choose: 14 days, Saturday and Wednesday (Monday dropped), 18:00 UTC.
      fireEvent.change(slider, { target: { value: '14' } });
      expect(within(dialog).getByText('14 jours')).toBeTruthy();
      fireEvent.click(days.getByRole('button', { name: 'Samedi' }));
      fireEvent.click(days.getByRole('button', { name: 'Mercredi' }));
      fireEvent.click(monday);
      expect(pressed()).toEqual(['MerMercredi', 'SamSamedi']);
      fireEvent.change(hour, { target: { value: '18' } });

      fireEvent.click(start);
      await screen.findByText('12 commandes importées et 12 demandes d’avis programmées !');
      expect(api.calls(importHistory).map((call) => call.body)).toEqual([{ shop_id: activeStore.id, immediate: false, days_to_spread: 14, send_days: [3, 6], send_hour: 18 }]);
    });

    it('shows the counting and import failures, and closes with Escape', async () => {
      serve([
        on(listRequests, () => listResponse(firstPage)),
        on(countOrders, () => jsonResponse({ success: false, count: 0, error: 'Erreur lors du comptage', code: 'count_orders_failed' }, 502)),
        on(importHistory, () => jsonResponse({ success: false, synced_count: 0, scheduled_count: 0, error: 'Erreur lors de l’importation', code: 'import_failed' }, 502)),
      ]);
      await open();
      await requestList();
      const opener = screen.getByRole('button', { name: 'Importer l’historique' });
      opener.focus();
      fireEvent.click(opener);
      const dialog = await screen.findByRole('dialog', { name: 'Importer l’historique' });
      expect((await within(dialog).findByRole('alert')).textContent).toContain('Erreur lors du comptage');

      fireEvent.click(within(dialog).getByRole('button', { name: /^Envoyer maintenant/ }));
      await waitFor(() =>
        expect(
          within(dialog)
            .getAllByRole('alert')
            .map((alert) => alert.textContent),
        ).toContain('Erreur lors de l’importation'),
      );

      fireEvent.keyDown(dialog, { key: 'Escape' });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(opener);
    });
  });

  it('shows the empty state with the import button when there is no request yet', async () => {
    serve([on(listRequests, () => listResponse([], { total: 0 })), on(countOrders, () => jsonResponse({ success: true, count: 3 }))]);
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

  describe('share link', () => {
    it('creates a link, shows it, copies it ("Copié" for 2 s) and refreshes the list', async () => {
      const url = 'http://localhost/review/abc123';
      const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
      vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
      const api = serve([on(listRequests, () => listResponse(firstPage)), on(createShareLink, () => jsonResponse({ request_id: 'r9', token: 'abc123', url }, 201))]);
      await open();
      await requestList();
      fireEvent.click(screen.getByRole('button', { name: 'Partager le lien d’avis' }));
      const dialog = await screen.findByRole('dialog', { name: 'Partager le lien d’avis' });
      const input = (await within(dialog).findByRole('textbox', { name: 'Lien d’avis' })) as HTMLInputElement;
      expect(input.value).toBe(url);
      expect(input.readOnly).toBe(true);
      expect(api.calls(createShareLink)).toHaveLength(1);
      expect(within(dialog).getByRole('link', { name: 'Branding & Pages' }).getAttribute('href')).toBe('/app/branding');
      await waitFor(() => expect(api.calls(listRequests)).toHaveLength(2));
      expect(await axeViolations()).toEqual([]);

      vi.useFakeTimers({ shouldAdvanceTime: true });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copier' }));
      await within(dialog).findByRole('button', { name: 'Copié' });
      expect(writeText).toHaveBeenCalledWith(url);
      act(() => vi.advanceTimersByTime(2_100));
      expect(within(dialog).getByRole('button', { name: 'Copier' })).toBeTruthy();

      fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('says when the link cannot be generated', async () => {
      serve([on(listRequests, () => listResponse(firstPage)), on(createShareLink, () => apiError(500, 'Panne'))]);
      await open();
      await requestList();
      fireEvent.click(screen.getByRole('button', { name: 'Partager le lien d’avis' }));
      const dialog = await screen.findByRole('dialog', { name: 'Partager le lien d’avis' });
      expect((await within(dialog).findByRole('alert')).textContent).toContain('Erreur lors de la génération du lien');
      expect(within(dialog).queryByRole('textbox')).toBeNull();
    });
  });

  it('shows the connection diagnostic only when opened, with a link to the full page', async () => {
    const api = serve([
      on(listRequests, () => listResponse(firstPage)),
      on(diagnostic, () =>
        jsonResponse({
          store: { id: activeStore.id, shop_domain: activeStore.shop_domain },
          checks: {
            token: { status: 'success', http_status: null },
            orders: { status: 'success', count: 4 },
            webhooks_database: { status: 'success', registered: ['orders/paid', 'orders/fulfilled'], missing: [] },
            webhooks_platform: { status: 'success', registered: ['orders/paid', 'orders/fulfilled'], missing: [], wrong_address: [], expected_address: null },
            flow: { status: 'error', active: 0, total: 1 },
            events: { status: 'success', recent: [] },
            order_events: { status: 'success', count: 2 },
            customer_data: { status: 'success', approved: true, withheld_fields: [] },
          },
        }),
      ),
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
