import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { forgotPassword, getSession, signIn } from '#core/api/auth';
import { currentStore } from '#core/api/stores';
import { activeStore, apiError, renderRoute, testSession } from '#web/test/render';
import { callsTo, mockApi, on, type Route, sentBodyTo, contractResponse } from '#web/test/endpoints';

const resetNotice = 'Un email de réinitialisation a été envoyé à votre adresse. Vérifiez votre boîte de réception.';

/** A promise resolved by hand, to hold a request in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Signed out until POST sign-in succeeds; then a merchant with an active store. */
function statefulAuthApi(routes: Route[] = []) {
  let signedIn = false;
  const fetchMock = mockApi([
    on(getSession, () => (signedIn ? testSession : null)),
    on(currentStore, () => (signedIn ? { away: null, store: activeStore } : apiError(401, 'Non connecté'))),
    on(signIn, () => {
      signedIn = true;
      return { redirect: false, user: testSession.user };
    }),
    ...routes,
  ]);
  return fetchMock;
}

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function openLogin(path = '/login') {
  const result = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Connexion' });
  return result;
}

describe('/login', () => {
  it('sends a visitor already signed in on to the app (or the safe redirect) instead of the form', async () => {
    mockApi([on(getSession, () => testSession), on(currentStore, () => ({ away: null, store: activeStore }))]);
    const { router } = renderRoute('/login?redirect=/app/plans');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/plans'));
    expect(screen.queryByRole('button', { name: 'Se connecter' })).toBeNull();
  });

  it('shows the sign-in form with labelled, autocompleting fields and the links', async () => {
    mockApi();
    await openLogin();
    expect(screen.getByText('Connectez-vous à votre compte.')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const email = screen.getByLabelText('Adresse email') as HTMLInputElement;
    const password = screen.getByLabelText('Mot de passe') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.autocomplete).toBe('email');
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('current-password');
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié\u202f?' }).getAttribute('href')).toBe('/login?mode=forgot');
    expect(screen.getByText('Pas encore de compte ?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'S’inscrire' }).getAttribute('href')).toBe('/signup');
  });

  it('validates the e-mail format and requires the password before calling the server', async () => {
    const fetchMock = mockApi();
    await openLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['L’adresse e-mail est requise', 'Le mot de passe est requis']);
    expect(screen.getByLabelText('Adresse email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Adresse email').getAttribute('aria-describedby')).toBe(alerts[0]!.id);

    fill('Adresse email', 'pas-un-email');
    fill('Mot de passe', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Adresse e-mail invalide')).toBeTruthy();
    expect(callsTo(fetchMock, signIn)).toHaveLength(0);
  });

  it('disables the button while busy, then shows the server message in a red box', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi([on(signIn, () => answer.promise)]);
    const { router } = await openLogin();
    fill('Adresse email', ' zoe@boutique.fr ');
    fill('Mot de passe', 'mauvais');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));

    const busy = await screen.findByRole('button', { name: 'Connexion...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(sentBodyTo(fetchMock, signIn)).toEqual({ email: 'zoe@boutique.fr', password: 'mauvais' });
    const init = fetchMock.mock.calls.find(([url]) => url === signIn.path)![1]!;
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');

    answer.resolve(apiError(401, 'E-mail ou mot de passe incorrect', 'invalid_email_or_password'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('E-mail ou mot de passe incorrect');
    const button = screen.getByRole('button', { name: 'Se connecter' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows a rate-limit message as-is', async () => {
    mockApi([on(signIn, () => apiError(429, 'Trop de tentatives. Réessayez dans une minute.'))]);
    await openLogin();
    fill('Adresse email', 'zoe@boutique.fr');
    fill('Mot de passe', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Trop de tentatives. Réessayez dans une minute.');
  });

  it('goes to the dashboard after signing in', async () => {
    statefulAuthApi();
    const { router } = await openLogin();
    fill('Adresse email', 'zoe@boutique.fr');
    fill('Mot de passe', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('honours a safe redirect and refreshes the cached (signed-out) session', async () => {
    const fetchMock = statefulAuthApi();
    // The gate sends a signed-out visitor to /login?redirect=…
    const { router } = renderRoute('/app/feedback?filter=5');
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=/app/feedback%3Ffilter%3D5');
    expect(screen.getByRole('link', { name: 'S’inscrire' }).getAttribute('href')).toBe('/signup?redirect=/app/feedback%3Ffilter%3D5');

    fill('Adresse email', 'zoe@boutique.fr');
    fill('Mot de passe', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Avis clients' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/feedback');
    expect(router.state.location.search).toBe('?filter=5');
    expect(callsTo(fetchMock, getSession).length).toBeGreaterThanOrEqual(2);
  });

  it.each(['//evil.com', 'https://evil.com/app', '/\\evil.com', 'javascript:alert(1)', '/%09/evil.com'])(
    'refuses the unsafe redirect %j and goes to the dashboard',
    async (target) => {
      statefulAuthApi();
      const { router } = await openLogin(`/login?redirect=${encodeURIComponent(target)}`);
      fill('Adresse email', 'zoe@boutique.fr');
      fill('Mot de passe', 'secret1');
      fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
      await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
      expect(router.state.location.pathname).toBe('/app/dashboard');
    },
  );
});

describe('/login forgot-password mode', () => {
  it('switches modes with the links and clears the error and success messages', async () => {
    mockApi([on(signIn, () => apiError(401, 'E-mail ou mot de passe incorrect', 'invalid_email_or_password')), on(forgotPassword, () => ({ ok: true }))]);
    const { router } = await openLogin('/login?redirect=/app/flow');
    fill('Adresse email', 'zoe@boutique.fr');
    fill('Mot de passe', 'mauvais');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    await screen.findByText('E-mail ou mot de passe incorrect');

    const forgotLink = screen.getByRole('link', { name: 'Mot de passe oublié\u202f?' });
    expect(forgotLink.getAttribute('href')).toBe('/login?mode=forgot&redirect=/app/flow');
    fireEvent.click(forgotLink);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeTruthy();
    expect(screen.queryByText('E-mail ou mot de passe incorrect')).toBeNull();
    expect(screen.queryByLabelText('Mot de passe')).toBeNull();
    const email = screen.getByLabelText('Adresse email');
    expect(document.activeElement).toBe(email);

    fill('Adresse email', 'zoe@boutique.fr');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText(resetNotice)).toBeTruthy();
    // The confirmation stays: same screen, same mode.
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeTruthy();

    const back = screen.getByRole('link', { name: 'Retour à la connexion' });
    expect(back.getAttribute('href')).toBe('/login?redirect=/app/flow');
    fireEvent.click(back);
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect(screen.queryByText(resetNotice)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("sends the e-mail, shows 'Envoi...' while busy and the exact confirmation after", async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi([on(forgotPassword, () => answer.promise)]);
    renderRoute('/login?mode=forgot');
    await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié' });

    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect((await screen.findByRole('alert')).textContent).toBe('L’adresse e-mail est requise');

    fill('Adresse email', 'inconnu@exemple.fr');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    const busy = await screen.findByRole('button', { name: 'Envoi...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(sentBodyTo(fetchMock, forgotPassword)).toEqual({ email: 'inconnu@exemple.fr' });

    answer.resolve(contractResponse(forgotPassword, { ok: true }));
    const status = await screen.findByText(resetNotice);
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Envoyer le lien' })).toBeTruthy();
  });

  it('shows a server error of the reset request in a red box', async () => {
    mockApi([on(forgotPassword, () => apiError(429, 'Trop de demandes. Réessayez plus tard.'))]);
    renderRoute('/login?mode=forgot');
    await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié' });
    fill('Adresse email', 'zoe@boutique.fr');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Trop de demandes. Réessayez plus tard.');
    await waitFor(() => expect(screen.queryByText(resetNotice)).toBeNull());
  });
});
