/** The schedule screen's tests' world: review requests of the list, the mocked API and the screen's landmarks. */
import { screen, within } from '@testing-library/react';
import { listRequests, type RequestItem } from '#core/api/review-requests';
import type { ResponseOf } from '#core/api/endpoint';
import type { Endpoint } from '#core/api/endpoint';
import { activeStore, renderRoute } from '#web/test/render';
import { callsTo, mockSignedInApi, type ParamsFilter, type Route } from '#web/test/endpoints';
import { requestItem as request } from '#web/test/schedule-fixtures';

export const minute = 60_000;
export const hour = 60 * minute;
export const day = 24 * hour;
/** An ISO date `offset` ms from now (the due labels are computed against the real clock). */
export const fromNow = (offset: number) => new Date(Date.now() + offset).toISOString();

export const marie = request({
  id: 'r1',
  customer_name: 'Marie Dupont',
  customer_email: 'marie@example.com',
  order_number: '1001',
  scheduled_at: fromNow(3 * day + hour),
});
export const paul = request({ id: 'r2', customer_email: 'paul@example.com', order_number: '#1002', scheduled_at: fromNow(-2 * hour) });
export const luc = request({
  id: 'r3',
  customer_name: 'Luc Martin',
  status: 'failed',
  last_error: 'Boîte aux lettres pleine',
  attempts: 2,
  scheduled_at: fromNow(-2 * day),
});
export const shared = request({ id: 'r4', status: 'completed', channel: 'link', scheduled_at: '2025-10-10T08:00:00Z' });
export const sent = request({
  id: 'r5',
  customer_name: 'Ana Ruiz',
  status: 'sent',
  scheduled_at: '2025-10-09T09:00:00Z',
  sent_at: '2025-10-09T09:02:00Z',
});
export const soonish = request({ id: 'r6', customer_name: 'Hugo Blanc', scheduled_at: fromNow(5 * hour + 10 * minute) });
export const imminent = request({ id: 'r7', customer_name: 'Inès Roy', scheduled_at: fromNow(10 * minute) });
export const waiting = request({ id: 'r8', customer_name: 'Jade Petit', status: 'pending' });
export const others = (['cancelled', 'delivered', 'opened', 'processing'] as const).map((status, index) => request({ id: `o${index}`, customer_name: `Client ${status}`, status }));

export const firstPage = [marie, paul, luc, shared, sent, soonish, imminent, waiting, others[0]!, others[1]!];

export function listResponse(items: RequestItem[], { total = 25, page = 1 } = {}): ResponseOf<typeof listRequests> {
  return { store_id: activeStore.id, items, total, page, page_size: 10 };
}

/**
 * A signed-in merchant with an active store, and `routes` (anything else answers 404). `calls` lists
 * the calls made to an endpoint, with their URL (query included) and JSON body.
 */
export function serve(routes: Route[]) {
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

export async function open(path = '/app/schedule') {
  const result = renderRoute(path);
  // The screen is a lazy chunk: the first test also pays for transforming it.
  await screen.findByRole('heading', { level: 1, name: 'Calendrier d’envoi' }, { timeout: 5_000 });
  return result;
}

export const requestList = () => screen.findByRole('list', { name: 'Demandes d’avis' });
export const row = (name: string) => screen.getByRole('listitem', { name });

/** The status badge of a row, read as a screen reader does ("Statut : Programmé"). */
export function statusOf(name: string) {
  return within(row(name)).getByText('Statut :').parentElement;
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
