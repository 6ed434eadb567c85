import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Sidebar } from './Sidebar';

afterEach(cleanup);

const expected = [
  ['/app/dashboard', 'Tableau de bord'],
  ['/app/feedback', 'Avis clients'],
  ['/app/schedule', 'Calendrier d’envoi'],
  ['/app/conditional', 'Actions conditionnelles'],
  ['/app/flow', 'Configuration du flux'],
  ['/app/upsell', 'Configuration upsell'],
  ['/app/branding', 'Branding & Pages'],
  ['/app/email-templates', 'Templates d’emails'],
  ['/app/integrations', 'Intégrations'],
];

function renderSidebar(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Sidebar />
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Navigation principale' });
}

describe('Sidebar', () => {
  it('renders exactly the nine entries in order with their hrefs', () => {
    const nav = renderSidebar('/app/dashboard');
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('href'), link.textContent])).toEqual(expected);
  });

  it('highlights the active entry only', () => {
    const nav = renderSidebar('/app/schedule');
    const active = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(active).toHaveLength(1);
    expect(active[0]?.textContent).toBe('Calendrier d’envoi');
  });

  it("shows a green dot next to Calendrier d'envoi only", () => {
    const nav = renderSidebar('/app/dashboard');
    const dots = nav.querySelectorAll('.bg-emerald-500');
    expect(dots).toHaveLength(1);
    expect(dots[0]?.closest('a')?.getAttribute('href')).toBe('/app/schedule');
  });
});
