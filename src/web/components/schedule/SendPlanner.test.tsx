import { fireEvent, screen, within } from '@testing-library/react';
import { axeViolations } from '#web/test/axe';
import { describe, expect, it } from 'vitest';
import { sendForecast as forecastEndpoint, type ForecastDay, type RequestItem, type SendForecast } from '#core/api/review-requests';
import { apiError, renderWithProviders } from '#web/test/render';
import { callsTo, mockSignedInApi, on, type Answer } from '#web/test/endpoints';
import { sendForecast } from '#web/test/schedule-fixtures';
import { RequestList } from './RequestList';
import { SendPlanner } from './SendPlanner';

/**
 * Numbers as the French catalogue writes them ("1 240" with a narrow no-break space), for raw text
 * content; text matchers compare normalised text, where that space is a plain one.
 */
const num = (n: number) => n.toLocaleString('fr-FR');

/** Days from 10 December 2025 (UTC), with the given figures on the first ones. */
function days(figures: Partial<ForecastDay>[], length = 14): ForecastDay[] {
  return Array.from({ length }, (_, i) => ({
    date: `2025-12-${String(10 + i).padStart(2, '0')}`,
    due: 0,
    capacity: 100,
    sent: 0,
    carried: 0,
    ...figures[i],
  }));
}

/** The shared forecast, over 14 days from 10 December 2025 unless `overrides` say otherwise. */
function forecast(overrides: Partial<SendForecast> = {}, totals: Partial<SendForecast['totals']> = {}): SendForecast {
  return sendForecast({ days: days([]), ...overrides }, totals);
}

function renderPlanner(answer: Answer<typeof forecastEndpoint>) {
  const fetchMock = mockSignedInApi([on(forecastEndpoint, answer)]);
  renderWithProviders(<SendPlanner />);
  return fetchMock;
}

const panel = () => screen.getByRole('region', { name: 'Prévisions d’envoi' });

describe('SendPlanner', () => {
  it('says how many requests will wait, from when, that none is lost, and links to the plans', async () => {
    const waiting = forecast(
      {
        days: days([
          { due: 400, capacity: 88, sent: 88, carried: 312 },
          { due: 840, capacity: 100, sent: 100, carried: 1052 },
          { capacity: 100, sent: 100, carried: 952 },
        ]),
      },
      { due: 1240, sent: 860, waiting: 380, first_waiting_at: '2025-12-11T10:00:00.000Z', limited_by: 'quota' },
    );
    renderPlanner(() => waiting);
    await screen.findByText(`1 240 envois prévus d’ici le 23 décembre ; votre quota en permet 860 : 380 demandes attendront la prochaine période d’envoi ou un plan supérieur.`);
    expect(within(panel()).getByText(/^La première demande concernée est programmée le 11 déc\. 2025/)).toBeTruthy();
    expect(within(panel()).getByText(/Aucune demande n’est perdue/)).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'Changer de plan' }).getAttribute('href')).toBe('/app/plans');
    expect(within(panel()).getByText('Quota restant : 860 sur 1 000')).toBeTruthy();
    expect(within(panel()).getByText('Limite quotidienne : 100 (12 envoyés aujourd’hui)')).toBeTruthy();

    // The chart speaks through its label; its figures are a table for screen readers (active days only).
    expect(within(panel()).getByRole('img', { name: 'Envois prévus par jour jusqu’au 23 décembre\u202f: 860 envois prévus, 380 en attente à la fin de la période.' })).toBeTruthy();
    const table = within(panel()).getByRole('table', { name: 'Envois prévus par jour jusqu’à la fin de la période' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'JourProgrammésPossiblesEnvois prévusReportés',
      'mer. 10 déc.4008888312',
      `jeu. 11 déc.840100100${num(1052)}`,
      'ven. 12 déc.0100100952',
    ]);
    expect(await axeViolations(panel())).toEqual([]);
  });

  it('blames the daily limit of an unlimited plan, and links to the settings instead', async () => {
    const unlimited = forecast(
      { quota: null, remaining_quota: null, daily_limit: 50, days: days([{ due: 800, capacity: 50, sent: 50, carried: 750 }]) },
      { due: 800, sent: 700, waiting: 100, first_waiting_at: '2025-12-10T08:00:00.000Z', limited_by: 'daily_limit' },
    );
    renderPlanner(() => unlimited);
    await screen.findByText('800 envois prévus d’ici le 23 décembre ; votre limite de 50 e-mails par jour en permet 700 : 100 demandes partiront après cette date.');
    expect(within(panel()).getByText('Plan illimité : seule la limite quotidienne s’applique')).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'Modifier la limite quotidienne' }).getAttribute('href')).toBe('/app/settings');
    expect(within(panel()).queryByRole('link', { name: 'Changer de plan' })).toBeNull();
  });

  it('reassures when everything fits, and says when the daily limit shifts some sends', async () => {
    const fits = forecast(
      {
        days: days([
          { due: 130, capacity: 88, sent: 88, carried: 42 },
          { capacity: 100, sent: 42 },
        ]),
      },
      { due: 130, sent: 130 },
    );
    renderPlanner(() => fits);
    await screen.findByText('130 envois prévus d’ici le 23 décembre : tous partiront avant la fin de votre période.');
    expect(within(panel()).getByText('Votre limite de 100 e-mails par jour en décalera certains au lendemain ou plus tard.')).toBeTruthy();
    expect(within(panel()).queryByRole('link')).toBeNull();
    expect(within(panel()).queryByText(/attendront/)).toBeNull();
  });

  it('says that nothing goes out without an active subscription', async () => {
    const paused = forecast(
      { paused: true, days: days([{ due: 3, capacity: 0, carried: 3 }]) },
      { due: 3, waiting: 3, first_waiting_at: '2025-12-10T08:00:00.000Z', limited_by: 'subscription' },
    );
    renderPlanner(() => paused);
    await screen.findByText('Votre abonnement n’est pas actif : aucun e-mail ne part. 3 demandes attendent un abonnement actif.');
    expect(within(panel()).getByRole('link', { name: 'Changer de plan' }).getAttribute('href')).toBe('/app/plans');
  });

  it('has a plain line when nothing is scheduled (no chart)', async () => {
    renderPlanner(() => forecast());
    await screen.findByText('Aucun envoi programmé d’ici le 23 décembre.');
    expect(within(panel()).queryByRole('img')).toBeNull();
    expect(within(panel()).queryByRole('table')).toBeNull();
  });

  it('shows a quiet loading line, then a failure with a retry that reads the forecast again', async () => {
    let calls = 0;
    const fetchMock = renderPlanner(() => (++calls === 1 ? apiError(500, 'Une erreur est survenue.', 'internal') : forecast()));
    expect(within(panel()).getByText('Calcul des prévisions…')).toBeTruthy();
    await within(panel()).findByText('Impossible de calculer les prévisions d’envoi.');
    // Never an alert: the panel must not talk over the calendar's own notices.
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(within(panel()).getByRole('button', { name: 'Réessayer' }));
    await screen.findByText('Aucun envoi programmé d’ici le 23 décembre.');
    expect(callsTo(fetchMock, forecastEndpoint)).toHaveLength(2);
  });
});

describe('the calendar’s mark on requests that will not fit', () => {
  const item = (overrides: Partial<RequestItem>): RequestItem => ({
    id: 'r1',
    customer_name: 'Marie Dupont',
    customer_email: 'marie@example.com',
    order_number: '1001',
    shopify_order_id: null,
    status: 'scheduled',
    scheduled_at: '2025-12-20T10:00:00.000Z',
    sent_at: null,
    channel: 'email',
    locale: 'fr',
    token: 'tok',
    attempts: 0,
    last_error: null,
    unconfirmed: false,
    created_at: '2025-12-01T09:00:00.000Z',
    kind: 'first',
    reminder_of: null,
    postponed_at: null,
    withdrawn_reason: null,
    ...overrides,
  });
  const actions = { onSendNow: () => {}, onCancel: () => {}, onResend: () => {}, sendingId: null };
  const renderList = (items: RequestItem[]) => renderWithProviders(<RequestList label="Demandes" now={Date.parse('2025-12-10T09:00:00Z')} actions={actions} items={items} />);

  it('shows « En attente de quota » and why on a scheduled request that waits, and nowhere else', () => {
    renderList([
      item({ id: 'waits', customer_name: 'Marie Dupont', fits_in_period: false }),
      item({ id: 'fits', customer_name: 'Paul Roux', fits_in_period: true }),
      item({ id: 'later', customer_name: 'Luc Martin', fits_in_period: null }),
      item({ id: 'old', customer_name: 'Léa Petit' }),
      // A reminder waits for the quota like any e-mail.
      item({ id: 'reminder', customer_name: 'Hugo Blanc', kind: 'reminder', reminder_of: 'first', fits_in_period: false }),
    ]);
    const waits = screen.getByRole('listitem', { name: 'Marie Dupont' });
    expect(within(waits).getByText('En attente de quota')).toBeTruthy();
    expect(within(waits).getByText(/partira à la prochaine période d’envoi, ou plus tôt avec un plan supérieur/)).toBeTruthy();
    const reminder = screen.getByRole('listitem', { name: 'Hugo Blanc' });
    expect(within(reminder).getByText('Relance')).toBeTruthy();
    expect(within(reminder).getByText('En attente de quota')).toBeTruthy();
    for (const name of ['Paul Roux', 'Luc Martin', 'Léa Petit']) expect(within(screen.getByRole('listitem', { name })).queryByText('En attente de quota')).toBeNull();
  });

  it('flags « Reporté : limite quotidienne atteinte » and the day it goes on a request the daily limit moves, instead of « En retard »', () => {
    renderList([
      item({ id: 'moved', customer_name: 'Marie Dupont', scheduled_at: '2025-12-09T08:00:00.000Z', fits_in_period: true, daily_limit_until: '2026-01-01' }),
      item({ id: 'late', customer_name: 'Paul Roux', scheduled_at: '2025-12-09T08:00:00.000Z', fits_in_period: true, daily_limit_until: null }),
      item({ id: 'sent', customer_name: 'Léa Petit', status: 'sent', sent_at: '2025-12-09T08:00:00.000Z', daily_limit_until: '2025-12-11' }),
    ]);
    const moved = screen.getByRole('listitem', { name: 'Marie Dupont' });
    expect(within(moved).getByText('Reporté : limite quotidienne atteinte')).toBeTruthy();
    expect(within(moved).getByText('La limite d’envoi quotidienne de votre boutique est atteinte avant son tour : elle partira le jeudi 1er janvier.')).toBeTruthy();
    expect(within(moved).queryByText('En retard')).toBeNull();
    const late = screen.getByRole('listitem', { name: 'Paul Roux' });
    expect(within(late).getByText('En retard')).toBeTruthy();
    expect(within(late).queryByText(/limite quotidienne/)).toBeNull();
    expect(within(screen.getByRole('listitem', { name: 'Léa Petit' })).queryByText(/limite quotidienne/)).toBeNull();
  });
});
