import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listPlans } from '#core/api/plans';
import { mockEndpoint } from '#web/test/endpoints';
import { renderRoute } from '#web/test/render';

describe('landing page', () => {
  afterEach(() => vi.useRealTimers());

  it('has the spec links, claims and footer', async () => {
    // Only the clock's date is set: the footer's year is today's, never a year written in the code.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-03-01T12:00:00Z'));
    mockEndpoint(listPlans, { plans: [] });
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const nav = screen.getByRole('navigation', { name: 'Navigation du site' });
    expect(within(nav).getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/login');
    expect(within(nav).getByRole('link', { name: 'Commencer' }).getAttribute('href')).toBe('/signup');

    const signupCtas = screen.getAllByRole('link', { name: /Commencer gratuitement/ });
    expect(signupCtas).toHaveLength(2);
    for (const link of signupCtas) expect(link.getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: /Installer sur Shopify/ }).getAttribute('href')).toBe('/app/integrations');

    for (const claim of ['+96%', '2.1x', '12x', '97.2%', '18.4%']) expect(screen.getByText(claim)).toBeTruthy();
    expect(screen.getByText('L’avenir du e-commerce est conversationnel')).toBeTruthy();

    const footer = screen.getByRole('contentinfo');
    for (const text of ['Fonctionnalités', 'Tarifs', 'Intégrations', 'À propos', 'Blog', 'Carrières', 'Centre d’aide', 'Contact', 'Statut']) {
      const item = within(footer).getByText(text);
      expect(item.closest('a'), text).toBeNull();
    }
    expect(within(footer).getByRole('link', { name: 'Confidentialité' }).getAttribute('href')).toBe('/privacy-policy');
    expect(within(footer).getByRole('link', { name: 'Conditions' }).getAttribute('href')).toBe('/terms-of-service');
    expect(within(footer).getByRole('link', { name: 'Mentions légales' }).getAttribute('href')).toBe('/legal-notice');
    expect(footer.textContent).toContain('© 2027 ');
    expect(await screen.findByText('Aucune offre disponible pour le moment.')).toBeTruthy();
  });
});
