import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetPassword } from '#core/api/auth';
import { apiError, renderRoute } from '#web/test/render';
import { callsTo, mockApi, on, sentBodyTo } from '#web/test/endpoints';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function openReset(path: string) {
  const result = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Réinitialiser le mot de passe' });
  return result;
}

describe('/reset-password', () => {
  it('explains a missing token and links to a new request', async () => {
    mockApi();
    await openReset('/reset-password');
    expect((await screen.findByRole('alert')).textContent).toContain('le jeton est manquant');
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' }).getAttribute('href')).toBe('/login?mode=forgot');
    expect(screen.queryByLabelText('Nouveau mot de passe')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Demander un nouveau lien' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeTruthy();
  });

  it('requires 6 characters and matching passwords before calling the server', async () => {
    const fetchMock = mockApi();
    await openReset('/reset-password?token=abc');
    expect((screen.getByLabelText('Nouveau mot de passe') as HTMLInputElement).autocomplete).toBe('new-password');
    expect((screen.getByLabelText('Confirmer le mot de passe') as HTMLInputElement).autocomplete).toBe('new-password');

    fill('Nouveau mot de passe', '12345');
    fill('Confirmer le mot de passe', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Le mot de passe doit contenir au moins 6 caractères');

    fill('Nouveau mot de passe', 'nouveau-secret');
    fill('Confirmer le mot de passe', 'nouveau-secreT');
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
    expect(await screen.findByText('Les mots de passe ne correspondent pas')).toBeTruthy();
    expect(screen.getByLabelText('Confirmer le mot de passe').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, resetPassword)).toHaveLength(0);
  });

  it('resets the password, then signs in from /login with the success notice', async () => {
    const fetchMock = mockApi([on(resetPassword, () => ({ status: true }))]);
    const { router } = await openReset('/reset-password?token=tok-123');
    fill('Nouveau mot de passe', 'nouveau-secret');
    fill('Confirmer le mot de passe', 'nouveau-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));

    expect(await screen.findByText('Mot de passe modifié avec succès')).toBeTruthy();
    expect(sentBodyTo(fetchMock, resetPassword)).toEqual({ newPassword: 'nouveau-secret', token: 'tok-123' });

    fireEvent.click(screen.getByRole('link', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status').textContent).toBe('Mot de passe modifié avec succès');
  });

  it('shows an invalid or expired token error as-is, with a way to ask again', async () => {
    mockApi([on(resetPassword, () => apiError(400, 'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.', 'invalid_token'))]);
    await openReset('/reset-password?token=old');
    fill('Nouveau mot de passe', 'nouveau-secret');
    fill('Confirmer le mot de passe', 'nouveau-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.');
    expect(screen.getAllByRole('link', { name: 'Demander un nouveau lien' })[0]?.getAttribute('href')).toBe('/login?mode=forgot');
    expect((screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
