import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, signIn, signUp } from '#core/api/auth';
import { listPlans } from '#core/api/plans';
import { claimInstallation, getInstallation, shopifyAuth } from '#core/api/shopify';
import { apiError, renderRoute, stubLocation, testSession } from '#web/test/render';
import { callsTo, mockApi, on, type Route, sentBodyTo } from '#web/test/endpoints';
import { installationFixture, installation, installShop, installToken, plansFixture, proPlan, starterPlan, tokenMessages } from '#web/test/shopify-fixtures';

let location: ReturnType<typeof stubLocation> | undefined;

afterEach(() => {
  location?.restore();
  location = undefined;
  vi.restoreAllMocks();
});

const redirectUrl = `${shopifyAuth.path}?shop=${installShop}&state=st_1`;
const url = `/shopify/onboarding?token=${installToken}&shop=${installShop}&plan_id=${proPlan.id}`;
const welcome = `Finalisons l’installation pour ${installShop}`;

/** Signed out until sign-up or sign-in succeeds (or `signedIn` from the start). */
function onboardingApi({ signedIn = false, routes = [] as Route[] } = {}) {
  let session = signedIn;
  return mockApi([
    on(getSession, () => (session ? testSession : null)),
    on(listPlans, () => ({ plans: plansFixture })),
    on(getInstallation, () => installationFixture(proPlan), installation),
    on(signUp, () => {
      session = true;
      return { user: testSession.user };
    }),
    on(signIn, () => {
      session = true;
      return { redirect: false, user: testSession.user };
    }),
    on(claimInstallation, () => ({ redirect_url: redirectUrl }), installation),
    ...routes,
  ]);
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function open(path = url) {
  const result = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: welcome });
  return result;
}

const signupButton = () => screen.getByRole('button', { name: 'Créer mon compte et activer l’abonnement' });

describe('/shopify/onboarding', () => {
  it("shows 'Vérification en cours...' while the link is checked, then the welcome and the plan", async () => {
    onboardingApi();
    renderRoute(url);
    expect((await screen.findByText('Vérification en cours...')).closest('[role="status"]')).not.toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: welcome })).toBeTruthy();
    expect(screen.getByText('Plan sélectionné')).toBeTruthy();
    expect(screen.getByText('Pro')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Créer un compte' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Se connecter' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('asks what the spec asks: e-mail, company name, password with show/hide and its confirmation; no person’s name (issue 45)', async () => {
    onboardingApi();
    await open();
    const form = signupButton().closest('form')!;
    // Every input of the form, in order, and the label that names it.
    const inputs = [...form.querySelectorAll('input')];
    const spec = [
      ['Adresse email', 'email'],
      ['Nom de l’entreprise', 'text'],
      ['Mot de passe', 'password'],
      ['Confirmer le mot de passe', 'password'],
    ] as const;
    expect(inputs.map((input) => input.type)).toEqual(spec.map(([, type]) => type));
    spec.forEach(([label], i) => expect(screen.getByLabelText(label)).toBe(inputs[i]));
    expect(within(form).getByRole('button', { name: 'Afficher le mot de passe' })).toBeTruthy();
    expect(screen.queryByLabelText('Nom complet')).toBeNull();
  });

  it('finds the plan from plan_id when the link has none stored yet', async () => {
    onboardingApi({ routes: [on(getInstallation, () => installationFixture(), installation)] });
    await open(`/shopify/onboarding?token=${installToken}&shop=${installShop}&plan_id=${starterPlan.id}`);
    expect(await screen.findByText('Starter')).toBeTruthy();
  });

  it('validates: required fields, 8 characters, matching passwords', async () => {
    const fetchMock = onboardingApi();
    await open();
    fireEvent.click(signupButton());
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'L’adresse e-mail est requise',
      'Le nom de l’entreprise est requis',
      'Le mot de passe est requis',
      'Veuillez confirmer le mot de passe',
    ]);

    fill('Adresse email', 'zoe@boutique.fr');
    fill('Nom de l’entreprise', 'Maison Lumière');
    fill('Mot de passe', 'court12');
    fill('Confirmer le mot de passe', 'court12');
    fireEvent.click(signupButton());
    expect(await screen.findByText('Le mot de passe doit contenir au moins 8 caractères')).toBeTruthy();

    fill('Mot de passe', 'assez-long-1');
    fill('Confirmer le mot de passe', 'assez-long-2');
    fireEvent.click(signupButton());
    expect(await screen.findByText('Les mots de passe ne correspondent pas')).toBeTruthy();
    expect(callsTo(fetchMock, signUp)).toHaveLength(0);
  });

  it('shows and hides the password with an accessible toggle', async () => {
    onboardingApi();
    await open();
    const password = screen.getByLabelText('Mot de passe') as HTMLInputElement;
    const confirm = screen.getByLabelText('Confirmer le mot de passe') as HTMLInputElement;
    const toggle = screen.getByRole('button', { name: 'Afficher le mot de passe' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(password.type).toBe('password');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(password.type).toBe('text');
    expect(confirm.type).toBe('text');
    expect(toggle.getAttribute('aria-controls')?.split(' ')).toEqual([password.id, confirm.id]);
  });

  it('creates the account without a person’s name (never the company’s), claims the link with the plan, then leaves for Shopify', async () => {
    location = stubLocation();
    const fetchMock = onboardingApi();
    await open();
    fill('Adresse email', 'zoe@boutique.fr');
    fill('Nom de l’entreprise', ' Maison Lumière ');
    fill('Mot de passe', 'Lumiere-2025');
    fill('Confirmer le mot de passe', 'Lumiere-2025');
    fireEvent.click(signupButton());

    await waitFor(() => expect(location!.assign).toHaveBeenCalledWith(redirectUrl));
    expect(sentBodyTo(fetchMock, signUp)).toEqual({
      email: 'zoe@boutique.fr',
      password: 'Lumiere-2025',
      companyName: 'Maison Lumière',
    });
    expect(sentBodyTo(fetchMock, claimInstallation, installation)).toEqual({ plan_id: proPlan.id });
    expect((screen.getByRole('button', { name: 'Activation en cours...' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks an already-registered address to use the sign-in mode', async () => {
    location = stubLocation();
    onboardingApi({
      routes: [on(signUp, () => apiError(422, 'Un compte existe déjà avec cette adresse email.', 'user_already_exists'))],
    });
    await open();
    fill('Adresse email', 'zoe@boutique.fr');
    fill('Nom de l’entreprise', 'Maison Lumière');
    fill('Mot de passe', 'Lumiere-2025');
    fill('Confirmer le mot de passe', 'Lumiere-2025');
    fireEvent.click(signupButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Cette adresse email est déjà enregistrée. Veuillez vous connecter avec le bouton "Se connecter" ci-dessus.');
    expect(location.assign).not.toHaveBeenCalled();

    // Switching mode clears the message and keeps the e-mail typed.
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Adresse email') as HTMLInputElement).value).toBe('zoe@boutique.fr');
    expect(screen.queryByLabelText('Nom de l’entreprise')).toBeNull();
    expect(screen.queryByLabelText('Confirmer le mot de passe')).toBeNull();
  });

  it('signs in, claims the link, then leaves for Shopify', async () => {
    location = stubLocation();
    const fetchMock = onboardingApi();
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    fill('Adresse email', 'zoe@boutique.fr');
    fill('Mot de passe', 'court');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter et activer l’abonnement' }));
    await waitFor(() => expect(location!.assign).toHaveBeenCalledWith(redirectUrl));
    expect(sentBodyTo(fetchMock, signIn)).toEqual({ email: 'zoe@boutique.fr', password: 'court' });
  });

  it('shows a sign-in failure as the server words it', async () => {
    onboardingApi({
      routes: [on(signIn, () => apiError(401, 'E-mail ou mot de passe incorrect.', 'invalid_email_or_password'))],
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    fill('Adresse email', 'zoe@boutique.fr');
    fill('Mot de passe', 'mauvais');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter et activer l’abonnement' }));
    expect((await screen.findByRole('alert')).textContent).toBe('E-mail ou mot de passe incorrect.');
  });

  it('reports a failed claim, then offers to continue with the account now signed in', async () => {
    location = stubLocation();
    let claims = 0;
    onboardingApi({
      routes: [
        on(
          claimInstallation,
          () => {
            claims += 1;
            return claims === 1 ? apiError(500, 'Erreur interne') : { redirect_url: redirectUrl };
          },
          installation,
        ),
      ],
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    fill('Adresse email', 'zoe@boutique.fr');
    fill('Mot de passe', 'Lumiere-2025');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter et activer l’abonnement' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de terminer l’installation. Veuillez réessayer.');
    const again = await screen.findByRole('button', { name: `Continuer avec ${testSession.user.email}` });
    expect(screen.getByRole('alert').textContent).toBe('Impossible de terminer l’installation. Veuillez réessayer.');
    fireEvent.click(again);
    await waitFor(() => expect(location!.assign).toHaveBeenCalledWith(redirectUrl));
  });

  it('shows the server message when the link was used meanwhile', async () => {
    onboardingApi({ signedIn: true, routes: [on(claimInstallation, () => apiError(409, tokenMessages.used, 'installation_claim_refused'), installation)] });
    await open();
    fireEvent.click(screen.getByRole('button', { name: `Continuer avec ${testSession.user.email}` }));
    expect((await screen.findByRole('alert')).textContent).toBe(tokenMessages.used);
  });

  it('after the one-store refusal, offers to manage the connected store instead of continuing into the same refusal', async () => {
    const refusal = 'Une boutique Shopify est déjà connectée à votre compte. Déconnectez-la avant d’en connecter une autre.';
    onboardingApi({ signedIn: true, routes: [on(claimInstallation, () => apiError(409, refusal, 'store_already_connected'), installation)] });
    await open();
    fireEvent.click(screen.getByRole('button', { name: `Continuer avec ${testSession.user.email}` }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(screen.queryByRole('button', { name: `Continuer avec ${testSession.user.email}` })).toBeNull();
    expect(screen.getByRole('link', { name: 'Gérer la boutique connectée' }).getAttribute('href')).toBe('/app/integrations');
    expect(screen.getByRole('button', { name: 'Utiliser un autre compte' })).toBeTruthy();
  });

  it('lets a signed-in merchant continue with the current account', async () => {
    location = stubLocation();
    const fetchMock = onboardingApi({ signedIn: true });
    await open();
    expect(screen.getByText(`Vous êtes connecté en tant que ${testSession.user.email}.`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Continuer avec ${testSession.user.email}` }));
    await waitFor(() => expect(location!.assign).toHaveBeenCalledWith(redirectUrl));
    expect(callsTo(fetchMock, signIn)).toHaveLength(0);
  });

  it('shows the installation error screen for a used link', async () => {
    onboardingApi({ routes: [on(getInstallation, () => apiError(410, tokenMessages.used, 'installation_used'), installation)] });
    renderRoute(url);
    expect(await screen.findByRole('heading', { level: 1, name: 'Erreur d’installation' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(tokenMessages.used);
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Créer mon compte et activer l’abonnement' })).toBeNull();
  });

  it('shows the installation error screen for an unknown link', async () => {
    onboardingApi({ routes: [on(getInstallation, () => apiError(404, tokenMessages.notFound, 'installation_not_found'), installation)] });
    renderRoute(url);
    expect(await screen.findByRole('heading', { level: 1, name: 'Erreur d’installation' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(tokenMessages.notFound);
  });

  it('asks to choose a plan when none is known', async () => {
    onboardingApi({ routes: [on(getInstallation, () => installationFixture(), installation)] });
    await open(`/shopify/onboarding?token=${installToken}&shop=${installShop}`);
    expect(screen.getByText('Aucun plan sélectionné. Veuillez choisir un plan.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choisir un plan' }).getAttribute('href')).toBe(`/shopify/plan-selection?token=${installToken}&shop=${installShop}`);
    expect(screen.queryByRole('button', { name: 'Créer mon compte et activer l’abonnement' })).toBeNull();
  });
});
