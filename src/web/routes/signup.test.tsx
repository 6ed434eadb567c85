import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession, signUp } from '#core/api/auth';
import { currentStore } from '#core/api/stores';
import { activeStore, apiError, renderRoute, testSession } from '#web/test/render';
import { callsTo, mockApi, on, sentBodyTo, contractResponse } from '#web/test/endpoints';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Signed out until POST sign-up succeeds. */
function signupApi(answer: () => Response | Promise<Response> = () => contractResponse(signUp, { user: testSession.user })) {
  let signedIn = false;
  return mockApi([
    on(getSession, () => (signedIn ? testSession : null)),
    on(currentStore, () => ({ away: null, store: activeStore })),
    on(signUp, async () => {
      const response = await answer();
      signedIn = response.ok;
      return response;
    }),
  ]);
}

async function openSignup(path = '/signup') {
  const result = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Créer un compte' });
  return result;
}

describe('/signup', () => {
  it('shows the form: labelled fields, autocomplete, the password hint and the sign-in link', async () => {
    signupApi();
    await openSignup('/signup?redirect=/app/flow');
    expect(screen.getByText('Collectez plus d’avis clients et boostez vos ventes.')).toBeTruthy();
    expect((screen.getByLabelText('Nom complet') as HTMLInputElement).autocomplete).toBe('name');
    expect((screen.getByLabelText('Adresse email') as HTMLInputElement).autocomplete).toBe('email');
    const password = screen.getByLabelText('Mot de passe') as HTMLInputElement;
    expect(password.autocomplete).toBe('new-password');
    const hint = screen.getByText('Minimum 6 caractères');
    expect(password.getAttribute('aria-describedby')).toBe(hint.id);
    expect(screen.getByRole('button', { name: 'Créer mon compte' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/login?redirect=/app/flow');
  });

  it('requires every field, checks the e-mail and a 6-to-128-character password', async () => {
    const fetchMock = signupApi();
    await openSignup();
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Le nom complet est requis', 'L’adresse e-mail est requise', 'Le mot de passe est requis']);

    fill('Nom complet', '   ');
    fill('Adresse email', 'zoe@');
    fill('Mot de passe', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('Le mot de passe doit contenir au moins 6 caractères')).toBeTruthy();
    expect(screen.getByText('Adresse e-mail invalide')).toBeTruthy();
    expect(screen.getByText('Le nom complet est requis')).toBeTruthy();
    // The hint and the error both describe the field.
    const password = screen.getByLabelText('Mot de passe');
    expect(password.getAttribute('aria-describedby')?.split(' ')).toHaveLength(2);

    fill('Mot de passe', 'a'.repeat(129));
    expect(await screen.findByText('Le mot de passe ne peut pas dépasser 128 caractères')).toBeTruthy();
    expect(callsTo(fetchMock, signUp)).toHaveLength(0);
  });

  it('creates the account, shows the busy label, then goes to the safe redirect target', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = signupApi(async () => {
      await held;
      return contractResponse(signUp, { user: testSession.user });
    });
    const { router } = await openSignup('/signup?redirect=/app/branding');
    fill('Nom complet', ' Zoé Martin ');
    fill('Adresse email', 'zoe@boutique.fr');
    fill('Mot de passe', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    const busy = await screen.findByRole('button', { name: 'Création du compte...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();

    expect(await screen.findByRole('heading', { level: 1, name: 'Branding & Pages' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/branding');
    expect(sentBodyTo(fetchMock, signUp)).toEqual({
      name: 'Zoé Martin',
      email: 'zoe@boutique.fr',
      password: 'secret1',
    });
  });

  it('goes to the dashboard when the redirect is unsafe', async () => {
    signupApi();
    const { router } = await openSignup('/signup?redirect=%2F%2Fevil.com');
    fill('Nom complet', 'Zoé');
    fill('Adresse email', 'zoe@boutique.fr');
    fill('Mot de passe', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('shows the server message in a red box and stays', async () => {
    signupApi(() => apiError(422, 'Un compte existe déjà avec cette adresse email.', 'user_already_exists'));
    const { router } = await openSignup();
    fill('Nom complet', 'Zoé');
    fill('Adresse email', 'zoe@boutique.fr');
    fill('Mot de passe', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Un compte existe déjà avec cette adresse email.');
    expect((screen.getByRole('button', { name: 'Créer mon compte' }) as HTMLButtonElement).disabled).toBe(false);
    expect(router.state.location.pathname).toBe('/signup');
    // Not a dead end: an account the Shopify admin opened has no password yet; the link asks for one.
    fireEvent.click(within(alert).getByRole('link', { name: 'Choisir mon mot de passe' }));
    await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié' });
    expect(router.state.location.search).toContain('mode=forgot');
  });

  it('shows another refusal without the password link', async () => {
    signupApi(() => apiError(422, 'Ce mot de passe fait partie des plus courants et serait facile à deviner. Choisissez-en un autre.', 'password_too_common'));
    await openSignup();
    fill('Nom complet', 'Zoé');
    fill('Adresse email', 'zoe@boutique.fr');
    fill('Mot de passe', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ce mot de passe fait partie des plus courants et serait facile à deviner. Choisissez-en un autre.');
    expect(screen.queryByRole('link', { name: 'Choisir mon mot de passe' })).toBeNull();
  });
});
