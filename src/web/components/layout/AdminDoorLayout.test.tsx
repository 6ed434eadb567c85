import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderRoute } from '#web/test/render';
import { servedInsideShopifyAdmin } from '#web/test/admin-door';
import { mockSignedInApi } from '#web/test/endpoints';

describe('the /app screens inside the Shopify admin (decision 053)', () => {
  let leave: () => void;
  beforeEach(() => {
    ({ leave } = servedInsideShopifyAdmin());
  });
  afterEach(() => leave());

  it('gives the admin the app’s navigation and the screen’s title, instead of the sidebar and header', async () => {
    mockSignedInApi();
    const { container, router } = renderRoute('/app/integrations');
    await screen.findByRole('main');
    const menu = await waitFor(() => {
      const element = container.querySelector('ui-nav-menu');
      expect(element).not.toBeNull();
      return element!;
    });
    expect([...menu.querySelectorAll('a')].map((link) => [link.getAttribute('href'), link.textContent, link.getAttribute('rel')])).toEqual([
      ['/app/dashboard', 'Tableau de bord', 'home'],
      ['/app/feedback', 'Avis clients', null],
      ['/app/schedule', 'Calendrier d’envoi', null],
      ['/app/conditional', 'Actions conditionnelles', null],
      ['/app/flow', 'Configuration du flux', null],
      ['/app/upsell', 'Configuration upsell', null],
      ['/app/branding', 'Branding & Pages', null],
      ['/app/email-templates', 'Templates d’emails', null],
      ['/app/integrations', 'Intégrations', null],
    ]);
    await waitFor(() => expect(container.querySelector('ui-title-bar')?.getAttribute('title')).toBe('Intégrations'));
    // The frame keeps its own heading for assistive technologies.
    expect(screen.getByRole('heading', { level: 1, name: 'Intégrations' })).toBeTruthy();
    // The standalone chrome is not drawn: no sidebar navigation, no header banner.
    expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();

    // A click in the admin's menu comes back as App Bridge's event on the link: the router follows it.
    const flow = menu.querySelector('a[href="/app/flow"]')!;
    const event = new Event('shopify:navigate', { bubbles: true, cancelable: true });
    act(() => {
      flow.dispatchEvent(event);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/flow'));
    expect(event.defaultPrevented).toBe(true);
  });

  it('ignores a navigation to anything but the app’s own pages', async () => {
    mockSignedInApi();
    const { router } = renderRoute('/app/integrations');
    await screen.findByRole('main');
    const elsewhere = new CustomEvent('shopify:navigate', { bubbles: true, cancelable: true, detail: { href: 'https://ailleurs.test/app/flow' } });
    act(() => {
      document.dispatchEvent(elsewhere);
    });
    expect(elsewhere.defaultPrevented).toBe(false);
    expect(router.state.location.pathname).toBe('/app/integrations');
  });
});
