/**
 * The calendar's sections appear together (issue 30, decision 027): appearing one after another,
 * the toolbar and the planner pushed the list below them down, a layout shift Lighthouse scored 0.8.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listRequests, sendForecast as forecastEndpoint } from '#core/api/review-requests';
import { apiError, renderRoute } from '#web/test/render';
import { callsTo, mockSignedInApi, on, contractResponse } from '#web/test/endpoints';
import { requestItem, sendForecast } from '#web/test/schedule-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const item = requestItem({ id: 'r1', customer_name: 'Marie Dupont', customer_email: 'marie@example.com', order_number: '1001' });

const list = () => screen.queryByRole('list', { name: 'Demandes d’avis' });
const toolbar = () => screen.queryByRole('group', { name: 'Actions du calendrier' });
const planner = () => screen.queryByRole('region', { name: 'Prévisions d’envoi' });

async function openSchedule(answerForecast: () => Response | Promise<Response>) {
  const fetchMock = mockSignedInApi([on(listRequests, () => ({ store_id: 'st1', items: [item], total: 1, page: 1, page_size: 10 })), on(forecastEndpoint, answerForecast)]);
  renderRoute('/app/schedule');
  await screen.findByRole('heading', { level: 1, name: 'Calendrier d’envoi' }, { timeout: 5_000 });
  await waitFor(() => expect(callsTo(fetchMock, listRequests).length).toBeGreaterThan(0));
  return fetchMock;
}

describe('/app/schedule while it loads', () => {
  it('shows the list, the toolbar and the planner together, once the forecast has answered too', async () => {
    let answer!: (response: Response) => void;
    await openSchedule(() => new Promise<Response>((resolve) => (answer = resolve)));

    // The list has answered; the forecast has not: one loading state, nothing that will move.
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('status').textContent).toContain('Chargement des demandes d’avis');
    expect(list()).toBeNull();
    expect(toolbar()).toBeNull();
    expect(planner()).toBeNull();

    answer(contractResponse(forecastEndpoint, sendForecast()));
    await waitFor(() => expect(list()).not.toBeNull());
    expect(toolbar()).not.toBeNull();
    expect(planner()).not.toBeNull();
  });

  it('does not hold the list back while a failing forecast is retried', async () => {
    await openSchedule(() => apiError(500, 'Panne'));
    await waitFor(() => expect(list()).not.toBeNull());
    expect(toolbar()).not.toBeNull();
    // The planner says its forecast failed; the list stays on screen through its retries.
    await waitFor(() => expect(planner()?.textContent).toContain('Impossible'), { timeout: 8_000 });
    expect(list()).not.toBeNull();
  });
});
