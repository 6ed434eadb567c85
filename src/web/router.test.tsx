import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { allRoutes } from '#core/routes';
import { routes } from './router';
import { signOut } from '#core/api/auth';
import { currentStore } from '#core/api/stores';
import { activeStore, apiError, renderRoute } from '#web/test/render';
import { mockApi, mockSignedInApi, on } from '#web/test/endpoints';

describe('routing', () => {
  it('covers every route of src/core/routes.ts', () => {
    for (const route of allRoutes) {
      const path = route.replace(/:[^/]+/g, 'abc');
      const matches = matchRoutes(routes, path);
      expect(matches, route).not.toBeNull();
      expect(matches!.at(-1)!.route.path, route).not.toBe('*');
    }
  });

  it.each(['/nope', '/app/nope', '/review', '/dev/outbox/1/extra'])('shows the 404 screen for %s', async (path) => {
    mockApi();
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/');
  });

  it('redirects /app to /app/dashboard', async () => {
    mockSignedInApi();
    const { router } = renderRoute('/app');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it.each([
    ['/app/dashboard', 'Tableau de bord'],
    ['/app/feedback', 'Avis clients'],
    ['/app/schedule', 'Calendrier d’envoi'],
    ['/app/conditional', 'Actions conditionnelles'],
    ['/app/flow', 'Configuration du flux'],
    ['/app/upsell', 'Configuration upsell'],
    ['/app/branding', 'Branding & Pages'],
    ['/app/email-templates', 'Templates d’emails'],
    ['/app/integrations', 'Intégrations'],
    ['/app/account-settings', 'Paramètres du compte'],
    ['/app/settings', 'Paramètres'],
    ['/app/shopify-diagnostic', 'Diagnostic Shopify'],
    ['/app/subscription-plans', 'Plans d’abonnement'],
    ['/app/plans', 'Plans d’abonnement'],
  ])('%s shows its title in the header breadcrumb', async (path, title) => {
    mockSignedInApi();
    renderRoute(path);
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    const breadcrumb = screen.getByRole('navigation', { name: 'Fil d’Ariane' });
    expect(breadcrumb.contains(heading)).toBe(true);
    expect(within(breadcrumb).getByText('Vue d’ensemble')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toContain(title);
  });

  it('shows the coming-soon placeholder on /app/upsell', async () => {
    mockSignedInApi();
    renderRoute('/app/upsell');
    expect(await screen.findByText('Bientôt disponible')).toBeTruthy();
  });
});

describe('app header', () => {
  it("keeps 'Aller sur Shopify' disabled when the store is unknown", async () => {
    // The store lookup fails: the gate sends the merchant to the integrations page.
    mockSignedInApi([on(currentStore, () => apiError(500, 'Erreur'))]);
    const { router } = renderRoute('/app/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Intégrations' });
    expect(router.state.location.pathname).toBe('/app/integrations');
    const button = screen.getByRole('button', { name: 'Aller sur Shopify' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it("links 'Aller sur Shopify' to the shop admin once the store is known", async () => {
    const fetchMock = mockSignedInApi();
    renderRoute('/app/dashboard');
    const link = await screen.findByRole('link', { name: /Aller sur Shopify/ });
    expect(link.getAttribute('href')).toBe(`https://${activeStore.shop_domain}/admin`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(fetchMock).toHaveBeenCalledWith(currentStore.path, expect.objectContaining({ credentials: 'include' }));
    expect(screen.getByRole('button', { name: 'Menu du compte' }).textContent).toContain('Z');
  });

  it('signs out with POST /api/auth/sign-out and goes to /login', async () => {
    const fetchMock = mockSignedInApi([on(signOut, { success: true })]);
    const { router } = renderRoute('/app/dashboard');
    const menuButton = await screen.findByRole('button', { name: 'Menu du compte' });
    await waitFor(() => expect(menuButton.textContent).toContain('Z'));
    fireEvent.click(menuButton);
    expect(screen.getByText('zoe@boutique.fr')).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Se déconnecter' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const call = fetchMock.mock.calls.find(([url]) => url === signOut.path);
    expect(call?.[1]?.method).toBe('POST');
    expect(call?.[1]?.body).toBe('{}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
  });

  it('shows an error and stays when sign-out fails', async () => {
    mockSignedInApi([on(signOut, () => apiError(500, 'Erreur'))]);
    const { router } = renderRoute('/app/dashboard');
    const menuButton = await screen.findByRole('button', { name: 'Menu du compte' });
    fireEvent.click(menuButton);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Se déconnecter' }));
    expect((await screen.findByRole('alert')).textContent).toContain('La déconnexion a échoué');
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('opens the mobile drawer with the menu button and closes it with Escape', async () => {
    mockSignedInApi();
    renderRoute('/app/feedback');
    await screen.findByRole('heading', { level: 1, name: 'Avis clients' });
    const open = screen.getByRole('button', { name: 'Ouvrir le menu' });
    fireEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Menu de navigation' });
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Fermer le menu' }));
    expect(within(dialog).getAllByRole('link', { name: 'Avis clients' })[0]?.getAttribute('aria-current')).toBe('page');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });
});

describe('public pages', () => {
  it.each([
    ['/privacy-policy', 'Politique de confidentialité'],
    ['/terms-of-service', 'Conditions générales d’utilisation'],
    ['/legal-notice', 'Mentions légales'],
  ])('%s is a legal page dated 14 octobre 2025 with a link home', async (path, title) => {
    // Title, date and links show whatever GET /api/legal answers (here 404); the sections that
    // name the operator and the plans are tested in routes/legal.test.tsx.
    mockApi();
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText('14 octobre 2025')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Retour à l’accueil' })[0]?.getAttribute('href')).toBe('/');
  });
});
