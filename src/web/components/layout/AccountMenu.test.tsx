import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountMenu } from './AccountMenu';

afterEach(cleanup);

function renderMenu(onSignOut = vi.fn()) {
  render(
    <MemoryRouter>
      <AccountMenu user={{ email: 'marie@boutique.fr', name: 'Marie Curie' }} onSignOut={onSignOut} />
    </MemoryRouter>,
  );
  return { button: screen.getByRole('button', { name: 'Menu du compte' }), onSignOut };
}

describe('AccountMenu', () => {
  it("shows the user's initial and starts closed", () => {
    const { button } = renderMenu();
    expect(button.textContent).toContain('M');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('goes by the e-mail until a person’s name is given, never by the company (issue 45)', () => {
    const initialFor = (user: { email: string; name: string; companyName?: string | null }) => {
      const { unmount } = render(
        <MemoryRouter>
          <AccountMenu user={user} onSignOut={vi.fn()} />
        </MemoryRouter>,
      );
      const text = screen.getByRole('button', { name: 'Menu du compte' }).textContent;
      unmount();
      return text;
    };
    expect(initialFor({ email: 'zoe@boutique.fr', name: '' })).toBe('Z');
    expect(initialFor({ email: 'zoe@boutique.fr', name: 'Maison Lumière', companyName: 'Maison Lumière' })).toBe('Z');
    expect(initialFor({ email: 'zoe@boutique.fr', name: 'Lucie Martin', companyName: 'Maison Lumière' })).toBe('L');
  });

  it('opens with ArrowDown, focuses the first item, moves with arrows and closes with Escape', () => {
    const { button } = renderMenu();
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });

    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    expect(screen.getByText('marie@boutique.fr')).toBeTruthy();

    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Informations personnelles', 'Changer le mot de passe', 'Paramètres', 'Se déconnecter']);
    expect(items.map((item) => item.getAttribute('href'))).toEqual(['/app/account-settings?tab=profile', '/app/account-settings?tab=password', '/app/settings', null]);
    expect(document.activeElement).toBe(items[0]);

    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(items[3]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items[3]);

    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('opens on the last item with ArrowUp', () => {
    const { button } = renderMenu();
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    const items = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(items[items.length - 1]);
  });

  it('toggles on click and closes on a click outside', () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.click(button);
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(button);
    act(() => {
      fireEvent.mouseDown(document.body);
    });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('signs out from the last item', () => {
    const { button, onSignOut } = renderMenu();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Se déconnecter' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
