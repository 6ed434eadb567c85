import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '#web/lib/format';
import { diagnostic as diagnosticEndpoint, fixWebhookUrls, registerWebhooks } from '#core/api/shopify';
import type { ResponseOf } from '#core/api/endpoint';
import { activeStore, apiError, renderRoute } from '#web/test/render';
import { callsTo, mockSignedInApi, on, sentBodyTo, contractResponse } from '#web/test/endpoints';

afterEach(() => {
  vi.useRealTimers();
});
const expectedAddress = 'https://app.example/webhooks/shopify';
const store = { id: activeStore.id, shop_domain: activeStore.shop_domain };

type Diagnostic = ResponseOf<typeof diagnosticEndpoint>;
type Checks = NonNullable<Diagnostic['checks']>;

const allGreen: Checks = {
  token: { status: 'success', http_status: null, failure: null, missing_scopes: [] },
  orders: { status: 'success', count: 12 },
  webhooks_database: { status: 'success', registered: ['orders/paid', 'orders/fulfilled'], missing: [] },
  webhooks_platform: {
    status: 'success',
    registered: ['orders/paid', 'orders/fulfilled'],
    missing: [],
    wrong_address: [],
    expected_address: expectedAddress,
    failure: null,
  },
  flow: { status: 'success', active: 1, total: 2 },
  events: {
    status: 'success',
    recent: [
      { topic: 'orders/paid', created_at: '2025-10-14T08:30:00Z', processed: true, error: null },
      { topic: 'orders/fulfilled', created_at: '2025-10-13T16:05:00Z', processed: false, error: 'Commande introuvable' },
    ],
  },
  order_events: { status: 'success', count: 3 },
  customer_data: { status: 'success', approved: true, withheld_fields: [] },
};

function diagnostic(overrides: Partial<Checks> = {}): Diagnostic {
  return { store, checks: { ...allGreen, ...overrides } };
}

async function open() {
  const result = renderRoute('/app/shopify-diagnostic');
  // The screen is a lazy chunk: the first test also pays for transforming it.
  await screen.findByRole('heading', { level: 1, name: 'Diagnostic Shopify' }, { timeout: 5_000 });
  return result;
}

/** The live region announcing the run's progress and outcome. */
function liveRegion() {
  const region = document.querySelector('[aria-live="polite"][aria-atomic="true"]');
  expect(region).not.toBeNull();
  return region as HTMLElement;
}

/** Waits for the end of the run, announced as `text` (any outcome by default). */
async function finished(text: string | RegExp = /^Diagnostic terminé/) {
  await waitFor(() => {
    const announced = liveRegion().textContent;
    if (typeof text === 'string') expect(announced).toBe(text);
    else expect(announced).toMatch(text);
  });
}

function steps() {
  return within(screen.getByRole('list', { name: 'Étapes du diagnostic' }));
}

function step(name: string) {
  return steps().getByRole('listitem', { name });
}

function stateOf(name: string) {
  // The badge reads "État : Réussi" (the prefix for screen readers only).
  return within(step(name)).getByText('État :').parentElement?.textContent;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const stepNames = [
  'Jeton d’accès',
  'Commandes',
  'Webhooks enregistrés (base de données)',
  'Webhooks sur Shopify',
  'Flux actif',
  'Événements récents',
  'Événements de commande',
  'Données clients protégées',
];

describe('/app/shopify-diagnostic', () => {
  it('runs on load: eight pending steps, then all green, and runs again on demand', async () => {
    // The first run waits for `answer`; the next ones answer at once.
    const answer = deferred<Response>();
    let runs = 0;
    const fetchMock = mockSignedInApi([on(diagnosticEndpoint, () => (runs++ === 0 ? answer.promise : diagnostic()))]);
    await open();
    expect(screen.getByText('Vérifiez pas à pas la connexion de votre boutique.')).toBeTruthy();

    // Running: every step is pending, with its state in words, and the button is busy.
    await waitFor(() => expect(steps().getAllByRole('listitem')).toHaveLength(8));
    // The introduction counts the steps shown, in words.
    expect(screen.getByText(/^Huit vérifications, du jeton d’accès/)).toBeTruthy();
    expect(
      steps()
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(stepNames);
    for (const name of stepNames) expect(step(name)).toBeTruthy();
    for (const name of stepNames) expect(stateOf(name)).toBe('État\u202f: En cours');
    const busyButton = screen.getByRole('button', { name: 'Diagnostic en cours…' });
    expect(busyButton.getAttribute('aria-busy')).toBe('true');
    expect(busyButton.getAttribute('aria-disabled')).toBe('true');
    expect(liveRegion().textContent).toBe('Diagnostic en cours…');

    answer.resolve(contractResponse(diagnosticEndpoint, diagnostic()));
    await finished('Diagnostic terminé\u202f: les 8 étapes sont réussies.');
    for (const name of stepNames) expect(stateOf(name)).toBe('État\u202f: Réussi');
    expect(screen.queryByRole('heading', { name: 'Solution suggérée' })).toBeNull();
    expect(screen.getByText(activeStore.shop_domain)).toBeTruthy();
    expect(within(step('Commandes')).getByText('12 commandes trouvées sur votre boutique.')).toBeTruthy();
    expect(within(step('Flux actif')).getByText('1 flux actif sur 2 configurés.')).toBeTruthy();
    expect(within(step('Événements de commande')).getByText('3 événements de commande reçus.')).toBeTruthy();
    expect(step('Webhooks sur Shopify').textContent).toContain('Présents sur Shopify\u202f: orders/paid, orders/fulfilled');

    // Recent events: topic, French date and outcome.
    const events = within(step('Événements récents')).getByRole('list', { name: 'Derniers événements reçus' });
    const rows = within(events).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('orders/paid');
    expect(rows[0]!.textContent).toContain(formatDateTime('2025-10-14T08:30:00Z'));
    expect(rows[0]!.textContent).toContain('Traité');
    expect(rows[0]!.querySelector('time')?.getAttribute('dateTime')).toBe('2025-10-14T08:30:00Z');
    expect(rows[1]!.textContent).toContain('Erreur\u202f: Commande introuvable');

    expect(callsTo(fetchMock, diagnosticEndpoint)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Lancer le diagnostic' }));
    await waitFor(() => expect(callsTo(fetchMock, diagnosticEndpoint)).toHaveLength(2));
    await finished('Diagnostic terminé\u202f: les 8 étapes sont réussies.');
    expect(screen.getByRole('button', { name: 'Lancer le diagnostic' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('names a scope the app asks that the token lacks (write_app_proxy), and suggests reconnecting; the other checks run', async () => {
    mockSignedInApi([on(diagnosticEndpoint, () => diagnostic({ token: { status: 'error', http_status: null, failure: null, missing_scopes: ['write_app_proxy'] } }))]);
    await open();
    await finished('Diagnostic terminé\u202f: 7 étapes réussies, 1 erreur.');
    const token = step('Jeton d’accès');
    expect(stateOf('Jeton d’accès')).toBe('État\u202f: Erreur');
    expect(
      within(token).getByText(
        'Shopify accepte le jeton d’accès, mais sans l’autorisation write_app_proxy, que l’application demande désormais (le bouton « Voir plus » et la page « Comment nous recueillons les avis » de votre boutique en ont besoin).',
      ),
    ).toBeTruthy();
    expect(within(token).getByText('Reconnectez votre boutique depuis la page Intégrations : Shopify vous demandera d’accorder les autorisations manquantes.')).toBeTruthy();
    expect(within(token).getByRole('link', { name: 'Reconnecter la boutique' }).getAttribute('href')).toBe('/app/integrations');
    expect(stateOf('Commandes')).toBe('État\u202f: Réussi');
  });

  it('explains a refused token (401) and suggests reconnecting the store', async () => {
    mockSignedInApi([
      on(diagnosticEndpoint, () =>
        diagnostic({
          token: { status: 'error', http_status: 401, failure: null, missing_scopes: [] },
          orders: { status: 'error', count: null },
          webhooks_platform: {
            status: 'error',
            registered: [],
            missing: [],
            wrong_address: [],
            expected_address: expectedAddress,
            failure: null,
          },
        }),
      ),
    ]);
    await open();
    await finished('Diagnostic terminé\u202f: 5 étapes réussies, 3 erreurs.');

    const token = step('Jeton d’accès');
    expect(stateOf('Jeton d’accès')).toBe('État\u202f: Erreur');
    expect(within(token).getByText('Shopify refuse le jeton d’accès (erreur 401) : il est invalide ou a expiré.')).toBeTruthy();
    expect(within(token).getByRole('heading', { level: 4, name: 'Solution suggérée' })).toBeTruthy();
    expect(within(token).getByRole('link', { name: 'Reconnecter la boutique' }).getAttribute('href')).toBe('/app/integrations');

    // The platform checks after it could not run: they say why.
    for (const name of ['Commandes', 'Webhooks sur Shopify']) {
      expect(stateOf(name)).toBe('État\u202f: Erreur');
      expect(within(step(name)).getByText('Vérification impossible : Shopify refuse le jeton d’accès de la boutique.')).toBeTruthy();
      expect(within(step(name)).queryByRole('button', { name: 'Enregistrer les webhooks' })).toBeNull();
    }
    expect(stateOf('Flux actif')).toBe('État\u202f: Réussi');
  });

  it("registers missing webhooks with 'Enregistrer les webhooks', then runs the diagnostic again", async () => {
    let registered = false;
    const answer = deferred<Response>();
    const fetchMock = mockSignedInApi([
      on(diagnosticEndpoint, () =>
        registered
          ? diagnostic()
          : diagnostic({
              webhooks_database: { status: 'error', registered: ['orders/paid'], missing: ['orders/fulfilled'] },
              webhooks_platform: {
                status: 'error',
                registered: ['orders/paid'],
                missing: ['orders/fulfilled'],
                wrong_address: [],
                expected_address: expectedAddress,
                failure: null,
              },
            }),
      ),
      on(registerWebhooks, async () => {
        const response = await answer.promise;
        registered = true;
        return response;
      }),
    ]);
    await open();
    await finished('Diagnostic terminé\u202f: 6 étapes réussies, 2 erreurs.');

    const database = step('Webhooks enregistrés (base de données)');
    expect(stateOf('Webhooks enregistrés (base de données)')).toBe('État\u202f: Erreur');
    expect(database.textContent).toContain('Webhooks manquants\u202f: orders/fulfilled');
    expect(step('Webhooks sur Shopify').textContent).toContain('Absents sur Shopify\u202f: orders/fulfilled');
    expect(within(step('Webhooks sur Shopify')).getByRole('button', { name: 'Enregistrer les webhooks' })).toBeTruthy();

    fireEvent.click(within(database).getByRole('button', { name: 'Enregistrer les webhooks' }));
    const busy = await within(database).findByRole('button', { name: 'Enregistrement…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(busy);
    expect(callsTo(fetchMock, registerWebhooks)).toHaveLength(1);

    answer.resolve(contractResponse(registerWebhooks, { success: true, registered: ['orders/fulfilled'], errors: [] }));
    const notice = await screen.findByText('Webhooks enregistrés');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    // The fix buttons go away while the diagnostic runs again: focus moves to the notice.
    await waitFor(() => expect(document.activeElement?.contains(notice)).toBe(true));
    expect(sentBodyTo(fetchMock, registerWebhooks)).toEqual({ shop_id: activeStore.id });
    expect(callsTo(fetchMock, registerWebhooks)[0]?.[1]?.method).toBe('POST');

    await waitFor(() => expect(callsTo(fetchMock, diagnosticEndpoint)).toHaveLength(2));
    await finished('Diagnostic terminé\u202f: les 8 étapes sont réussies.');
    expect(stateOf('Webhooks enregistrés (base de données)')).toBe('État\u202f: Réussi');
  });

  it("fixes webhooks sent to a wrong address with 'Corriger les URL'", async () => {
    let fixed = false;
    const fetchMock = mockSignedInApi([
      on(diagnosticEndpoint, () =>
        fixed
          ? diagnostic()
          : diagnostic({
              webhooks_platform: {
                status: 'error',
                registered: ['orders/paid', 'orders/fulfilled'],
                missing: [],
                wrong_address: ['orders/paid'],
                expected_address: expectedAddress,
                failure: null,
              },
            }),
      ),
      on(fixWebhookUrls, () => {
        fixed = true;
        return { updated: ['orders/paid'], correct_url: expectedAddress };
      }),
    ]);
    await open();
    await finished('Diagnostic terminé\u202f: 7 étapes réussies, 1 erreur.');

    const platform = step('Webhooks sur Shopify');
    expect(platform.textContent).toContain('Envoyés à une mauvaise adresse\u202f: orders/paid');
    expect(platform.textContent).toContain(`Adresse attendue\u202f: ${expectedAddress}`);
    expect(within(platform).queryByRole('button', { name: 'Enregistrer les webhooks' })).toBeNull();

    fireEvent.click(within(platform).getByRole('button', { name: 'Corriger les URL' }));
    expect(await screen.findByText('URL corrigées')).toBeTruthy();
    expect(sentBodyTo(fetchMock, fixWebhookUrls)).toEqual({ shop_id: activeStore.id });
    await waitFor(() => expect(callsTo(fetchMock, diagnosticEndpoint)).toHaveLength(2));
    await finished('Diagnostic terminé\u202f: les 8 étapes sont réussies.');
  });

  it("shows the server's error when a fix fails, without running the diagnostic again", async () => {
    const fetchMock = mockSignedInApi([
      on(diagnosticEndpoint, () =>
        diagnostic({
          webhooks_database: { status: 'error', registered: [], missing: ['orders/paid', 'orders/fulfilled'] },
        }),
      ),
      on(registerWebhooks, () => apiError(404, 'Boutique introuvable')),
    ]);
    await open();
    await finished();
    expect(step('Webhooks enregistrés (base de données)').textContent).toContain('Webhooks manquants\u202f: orders/paid, orders/fulfilled');

    fireEvent.click(within(step('Webhooks enregistrés (base de données)')).getByRole('button', { name: 'Enregistrer les webhooks' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Boutique introuvable');
    expect(callsTo(fetchMock, diagnosticEndpoint)).toHaveLength(1);
    // The button is usable again.
    expect(within(step('Webhooks enregistrés (base de données)')).getByRole('button', { name: 'Enregistrer les webhooks' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('reports the errors listed in a partial registration', async () => {
    mockSignedInApi([
      on(diagnosticEndpoint, () => diagnostic({ webhooks_database: { status: 'error', registered: [], missing: ['orders/paid'] } })),
      on(registerWebhooks, () => ({ success: false, registered: [], errors: ['orders/paid\u202f: adresse refusée par Shopify'] })),
    ]);
    await open();
    await finished();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les webhooks' }));
    expect((await screen.findByRole('alert')).textContent).toBe('orders/paid\u202f: adresse refusée par Shopify');
    expect(screen.queryByText('Webhooks enregistrés')).toBeNull();
  });

  it('warns about zero orders, an inactive flow and no events, each with its fix', async () => {
    mockSignedInApi([
      on(diagnosticEndpoint, () =>
        diagnostic({
          orders: { status: 'warning', count: 0 },
          flow: { status: 'error', active: 0, total: 1 },
          events: { status: 'warning', recent: [] },
          order_events: { status: 'warning', count: 0 },
        }),
      ),
    ]);
    await open();
    await finished('Diagnostic terminé\u202f: 4 étapes réussies, 3 avertissements, 1 erreur.');

    expect(stateOf('Commandes')).toBe('État\u202f: Avertissement');
    const orders = step('Commandes');
    expect(within(orders).getByText('Aucune commande trouvée sur votre boutique Shopify.')).toBeTruthy();
    expect(orders.textContent).toContain('après la première commande payée');
    expect(within(orders).getByRole('link', { name: 'Importer l’historique depuis le calendrier' }).getAttribute('href')).toBe('/app/schedule');

    expect(stateOf('Flux actif')).toBe('État\u202f: Erreur');
    expect(within(step('Flux actif')).getByText('Aucun flux actif (1 flux configuré).')).toBeTruthy();
    expect(within(step('Flux actif')).getByRole('link', { name: 'Configurer un flux' }).getAttribute('href')).toBe('/app/flow');

    expect(stateOf('Événements récents')).toBe('État\u202f: Avertissement');
    expect(within(step('Événements récents')).getByText('Aucun événement webhook reçu récemment.')).toBeTruthy();
    expect(within(step('Événements récents')).getByRole('heading', { name: 'Solution suggérée' })).toBeTruthy();
    expect(step('Événements récents').textContent).toContain('Vérifiez que les webhooks sont enregistrés');

    expect(stateOf('Événements de commande')).toBe('État\u202f: Avertissement');
    expect(within(step('Événements de commande')).getByText('Aucun événement de commande reçu.')).toBeTruthy();
    expect(step('Événements de commande').textContent).toContain('orders/paid, orders/fulfilled');
  });

  it('says plainly when Shopify withholds protected customer data, what it means and what to do', async () => {
    mockSignedInApi([on(diagnosticEndpoint, () => diagnostic({ customer_data: { status: 'error', approved: false, withheld_fields: ['email', 'name'] } }))]);
    await open();
    await finished('Diagnostic terminé\u202f: 7 étapes réussies, 1 erreur.');
    expect(stateOf('Données clients protégées')).toBe('État\u202f: Erreur');
    const card = step('Données clients protégées');
    expect(card.textContent).toContain('Shopify n’a pas approuvé l’accès de l’application aux données clients protégées\u202f: l’e-mail et le nom sont retenus.');
    expect(card.textContent).toContain('aucune demande d’avis ne peut partir');
    expect(card.textContent).toContain('Partner Dashboard');
    expect(within(card).getByRole('link', { name: 'Données clients protégées (Shopify)' }).getAttribute('href')).toBe(
      'https://shopify.dev/docs/apps/launch/protected-customer-data',
    );
  });

  it('cannot check protected customer data before the first order, and says when to look again', async () => {
    mockSignedInApi([on(diagnosticEndpoint, () => diagnostic({ customer_data: { status: 'warning', approved: null, withheld_fields: [] } }))]);
    await open();
    await finished('Diagnostic terminé\u202f: 7 étapes réussies, 1 avertissement.');
    expect(step('Données clients protégées').textContent).toContain('Relancez le diagnostic après la première commande');
  });

  it("shows 'Aucune boutique Shopify connectée' with a link to the integrations when no store is connected", async () => {
    mockSignedInApi([on(diagnosticEndpoint, () => ({ store: null, checks: null }))]);
    await open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Aucune boutique Shopify connectée' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connecter ma boutique' }).getAttribute('href')).toBe('/app/integrations');
    expect(screen.queryByRole('list', { name: 'Étapes du diagnostic' })).toBeNull();
    expect(liveRegion().textContent).toBe('Diagnostic terminé\u202f: aucune boutique Shopify connectée.');
  });

  it('opens for a merchant without a store (the sidebar offers it everywhere) and says so, instead of leaving for Intégrations', async () => {
    mockSignedInApi([on(diagnosticEndpoint, () => ({ store: null, checks: null }))], { store: null });
    const { router } = renderRoute('/app/shopify-diagnostic');
    expect(await screen.findByRole('heading', { level: 2, name: 'Aucune boutique Shopify connectée' }, { timeout: 5_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/shopify-diagnostic');
  });

  it("shows a French error with 'Réessayer' when the diagnostic cannot be loaded", async () => {
    let fail = true;
    const fetchMock = mockSignedInApi([on(diagnosticEndpoint, () => (fail ? apiError(503, 'Le serveur est indisponible.') : diagnostic()))]);
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Le diagnostic n’a pas pu être effectué.');
    expect(alert.textContent).toContain('Le serveur est indisponible.');
    expect(screen.queryByRole('list', { name: 'Étapes du diagnostic' })).toBeNull();

    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    await finished('Diagnostic terminé\u202f: les 8 étapes sont réussies.');
    expect(callsTo(fetchMock, diagnosticEndpoint)).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Lancer le diagnostic' }));
  });

  it('shows a network failure in French', async () => {
    mockSignedInApi([
      on(diagnosticEndpoint, () => {
        throw new TypeError('Failed to fetch');
      }),
    ]);
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Impossible de contacter le serveur. Vérifiez votre connexion.');
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});
