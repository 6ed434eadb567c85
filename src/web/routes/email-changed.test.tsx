import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emailChangeLanding, getSession, type EmailChangeOutcome } from '#core/api/auth';
import { axeViolations } from '#web/test/axe';
import { renderRoute } from '#web/test/render';
import { mockApi, mockSignedInApi, on } from '#web/test/endpoints';

const newEmail = 'zoe@nouvelle-boutique.fr';
const signedOut = () => mockApi([on(getSession, () => null)]);

/** Renders where a followed link landed and waits for its heading (the page's h1). */
async function land(path: string, title: string) {
  const result = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5_000 });
  return result;
}

describe('/email-changed, where a followed e-mail change link lands (issue 45)', () => {
  it('says the address changed and, signed out, to sign in with the new one; the address is never in the URL', async () => {
    signedOut();
    expect(emailChangeLanding('changed')).toBe('/email-changed?outcome=changed');
    const { container } = await land(emailChangeLanding('changed'), 'Adresse e-mail modifiée');
    expect(screen.getByText('Votre compte utilise désormais sa nouvelle adresse e-mail.')).toBeTruthy();
    expect(await screen.findByText('Connectez-vous avec votre nouvelle adresse e-mail et votre mot de passe habituel.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/login');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('signed in, goes back to the account settings', async () => {
    mockSignedInApi();
    await land(emailChangeLanding('changed'), 'Adresse e-mail modifiée');
    const back = await screen.findByRole('link', { name: 'Retour aux paramètres du compte' });
    expect(back.getAttribute('href')).toBe('/app/account-settings?tab=profile');
    expect(screen.getByText('Vous êtes connecté : retrouvez votre adresse dans les paramètres du compte.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Se connecter' })).toBeNull();
  });

  const refusals: [EmailChangeOutcome, string, string][] = [
    ['used', 'Lien déjà utilisé', 'Ce lien de confirmation a déjà servi : il ne fonctionne qu’une fois. Si votre adresse a été changée, elle sert déjà à vous connecter.'],
    [
      'expired',
      'Lien expiré',
      'Ce lien de confirmation a expiré (il est valable 24 heures). Votre adresse n’a pas changé : demandez un nouveau lien depuis les paramètres du compte.',
    ],
    ['replaced', 'Lien remplacé', 'Une demande de changement plus récente a remplacé ce lien. Votre adresse n’a pas changé : suivez le lien du dernier e-mail reçu.'],
    ['cancelled', 'Demande annulée', 'Le mot de passe du compte a été changé après cette demande, ce qui l’a annulée. Votre adresse n’a pas changé.'],
    ['invalid', 'Lien invalide', 'Ce lien de confirmation n’est pas valable. Votre adresse n’a pas changé.'],
  ];

  it.each(refusals)('says a %s link changed nothing, and what to do next', async (outcome, title, body) => {
    signedOut();
    const { container } = await land(emailChangeLanding(outcome), title);
    expect(screen.getByText(body)).toBeTruthy();
    expect(screen.queryByText(/utilise désormais/)).toBeNull();
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeTruthy();
    expect(screen.getByText('Connectez-vous avec l’adresse actuelle de votre compte et votre mot de passe.')).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('reads an unknown or missing outcome as an invalid link, and never names an address, even one put in the URL', async () => {
    signedOut();
    const unknown = await land(`/email-changed?outcome=autre&email=${encodeURIComponent(newEmail)}`, 'Lien invalide');
    expect(screen.queryByText(new RegExp(newEmail))).toBeNull();
    unknown.unmount();
    await land('/email-changed', 'Lien invalide');
  });
});
