import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listPlans } from '#core/api/plans';
import { apiError, mockFetch, renderWithProviders } from '#web/test/render';
import { mockEndpoint } from '#web/test/endpoints';
import { PricingSection } from './PricingSection';

const plans = [
  // Deliberately out of order: the UI sorts by sort_order.
  {
    id: 'p3',
    name: 'Entreprise',
    code: 'entreprise',
    price_amount: '107.00',
    price_currency: 'USD',
    email_quota: null,
    is_unlimited: true,
    features: ['E-mails illimités', 'Accès API complet'],
    sort_order: 3,
  },
  {
    id: 'p1',
    name: 'Starter',
    code: 'starter',
    price_amount: '47.00',
    price_currency: 'USD',
    email_quota: 300,
    is_unlimited: false,
    features: ['300 e-mails/mois', 'Intégration Shopify'],
    sort_order: 1,
  },
  {
    id: 'p2',
    name: 'Pro',
    code: 'pro',
    price_amount: '77.50',
    price_currency: 'USD',
    email_quota: 3000,
    is_unlimited: false,
    features: ['3 000 e-mails/mois', 'Support prioritaire'],
    sort_order: 2,
  },
];

const normalise = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('PricingSection', () => {
  it('renders the plans served by GET /api/plans, second one POPULAIRE, each linking to /signup', async () => {
    const fetchMock = mockEndpoint(listPlans, () => ({ plans }));
    renderWithProviders(<PricingSection />);

    expect(screen.getByText('Chargement des tarifs…')).toBeTruthy();
    const cards = await screen.findAllByRole('listitem', { name: /Starter|Pro|Entreprise/ });
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Starter', 'Pro', 'Entreprise']);

    expect(fetchMock).toHaveBeenCalledWith(listPlans.path, expect.objectContaining({ credentials: 'include' }));
    expect(normalise(cards[0]!.textContent)).toContain('47 $ US');
    expect(normalise(cards[1]!.textContent)).toContain('77,50 $ US');
    expect(normalise(cards[2]!.textContent)).toContain('107 $ US');
    expect(within(cards[2]!).getByText('Accès API complet')).toBeTruthy();

    expect(within(cards[1]!).getByText('POPULAIRE')).toBeTruthy();
    expect(screen.getAllByText('POPULAIRE')).toHaveLength(1);

    for (const card of cards) {
      expect(within(card).getByRole('link').getAttribute('href')).toBe('/signup');
    }
  });

  it('shows a French error with a retry button when the plans cannot be loaded', async () => {
    mockFetch(() => apiError(500, 'Panne'));
    renderWithProviders(<PricingSection />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Impossible de charger les tarifs. Veuillez réessayer.');
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});
