import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { axeViolations } from '#web/test/axe';
import { describe, expect, it } from 'vitest';
import { type DeliverabilityState, readDeliverability } from '#core/api/deliverability';
import { readCustomerLanguages, readSettings, saveSettings, type StoreSettings } from '#core/api/settings';
import { apiError, renderRoute, testUser } from '#web/test/render';
import { callsTo, mockSignedInApi, on, type Route, sentBodyTo, type FetchMock, contractResponse } from '#web/test/endpoints';

/** What the server answers before anything is saved: the account's address, 1 000 a day. */
const defaults: StoreSettings = { owner_notification_email: testUser.email, daily_send_limit: 1000, customer_ask_window_days: 30, unsubscribe_enabled: true, saved: false };

/** The 'Délivrabilité' section below the form reads its own endpoint (its tests: settings-deliverability.test.tsx). */
const deliverability: Route[] = [
  on(readDeliverability, () => ({ app_from_address: 'avis@avis-clients.test', sender: null, reply_to: testUser.email }) satisfies DeliverabilityState),
  // « Langues de vos clients » too (settings-languages.test.tsx).
  on(readCustomerLanguages, { default_language: 'fr', languages: ['fr', 'en', 'de', 'es', 'it', 'nl'], unserved: [], unwritten: [] }),
];

/** An in-memory settings API: PUT keeps the body and answers it saved. */
function settingsApi(initial: StoreSettings = defaults, overrides: Route[] = []): FetchMock {
  let current = initial;
  return mockSignedInApi([
    on(readSettings, () => current),
    on(saveSettings, ({ body }) => {
      current = { ...(body as { owner_notification_email: string; daily_send_limit: number; customer_ask_window_days: number }), unsubscribe_enabled: true, saved: true };
      return current;
    }),
    ...deliverability,
    ...overrides,
  ]);
}

function puts(fetchMock: FetchMock) {
  return callsTo(fetchMock, saveSettings);
}

async function open() {
  renderRoute('/app/settings');
  // The screen is a lazy chunk: the first test also pays for transforming it.
  await screen.findByRole('heading', { level: 1, name: 'Paramètres' }, { timeout: 5_000 });
}

const emailField = () => screen.getByLabelText('E-mail de notification') as HTMLInputElement;
const limitField = () => screen.getByLabelText('Limite d’envoi quotidienne') as HTMLInputElement;
const limitMessage = /^La limite d’envoi quotidienne doit être un nombre entier entre 1 et 10\s000$/u;

async function form() {
  await screen.findByLabelText('E-mail de notification', {}, { timeout: 5_000 });
}

function type(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

function save() {
  fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
}

/** The message tied to a field by aria-describedby, announced, the field marked invalid. */
function fieldError(field: HTMLElement): string | null {
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const described = (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id));
  return described.find((element) => element?.getAttribute('role') === 'alert')?.textContent ?? null;
}

describe('/app/settings', () => {
  it('shows a spinner, then the defaults, and unsubscribe always on with the reason', async () => {
    let answer: (response: Response) => void = () => {};
    mockSignedInApi([on(readSettings, () => new Promise<Response>((resolve) => (answer = resolve))), ...deliverability]);
    await open();
    const spinner = await screen.findByText('Chargement de vos paramètres…');
    expect(spinner.closest('[role="status"]')).not.toBeNull();
    answer(contractResponse(readSettings, defaults));
    await form();

    expect(emailField().value).toBe(testUser.email);
    expect(emailField().type).toBe('email');
    expect(emailField().required).toBe(true);
    const emailHint = document.getElementById(emailField().getAttribute('aria-describedby')!)?.textContent ?? '';
    expect(emailHint).toContain('sauf si une action par note indique une autre adresse');

    expect(limitField().value).toBe('1000');
    expect(limitField().type).toBe('number');
    expect(limitField().min).toBe('1');
    expect(limitField().max).toBe('10000');

    const unsubscribe = screen.getByRole('switch', { name: 'Lien de désinscription dans chaque e-mail' }) as HTMLInputElement;
    expect(unsubscribe.checked).toBe(true);
    expect(unsubscribe.disabled).toBe(true);
    const described = (unsubscribe.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(described).toContain('Toujours activé');
    expect(described).toMatch(/RGPD/);
    expect(described).toMatch(/ePrivacy/);
    expect(described).toMatch(/Gmail et Yahoo/);
    expect(described).toMatch(/un clic/);

    expect(screen.getByText('Paramètres par défaut, pas encore enregistrés')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
    // The first test pays for the lazy screen's transform and axe: slow on a loaded machine.
  }, 15_000);

  it.each([
    ['0', limitMessage],
    ['10001', limitMessage],
    ['abc', limitMessage],
    ['12.5', limitMessage],
    ['', limitMessage],
  ])('refuses the daily limit %j with the French message and sends nothing', async (value, message) => {
    const fetchMock = settingsApi();
    await open();
    await form();
    type(limitField(), value);
    save();
    await waitFor(() => expect(fieldError(limitField())).toMatch(message));
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it.each([
    ['pas-une-adresse', 'L’adresse e-mail de notification n’est pas valide'],
    ['zoe@', 'L’adresse e-mail de notification n’est pas valide'],
    ['   ', 'L’adresse e-mail de notification est requise'],
  ])('refuses the notification e-mail %j', async (value, message) => {
    const fetchMock = settingsApi();
    await open();
    await form();
    type(emailField(), value);
    save();
    await waitFor(() => expect(fieldError(emailField())).toBe(message));
    expect(document.activeElement).toBe(emailField());
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it("saves the address (trimmed, lower-cased) and the limit as a number, then says 'Paramètres enregistrés avec succès'", async () => {
    const fetchMock = settingsApi();
    await open();
    await form();
    type(emailField(), '  Alertes@Atelier-Nova.fr ');
    type(limitField(), '250');
    expect(screen.getByText('Modifications non enregistrées')).toBeTruthy();
    save();
    expect(await screen.findByText('Paramètres enregistrés avec succès')).toBeTruthy();
    expect(sentBodyTo(fetchMock, saveSettings)).toEqual({ owner_notification_email: 'alertes@atelier-nova.fr', daily_send_limit: 250, customer_ask_window_days: 30 });
    expect(emailField().value).toBe('alertes@atelier-nova.fr');
    expect(limitField().value).toBe('250');
    expect(screen.queryByText('Paramètres par défaut, pas encore enregistrés')).toBeNull();
    expect(screen.queryByText('Modifications non enregistrées')).toBeNull();
  });

  it('accepts the bounds 1 and 10 000', async () => {
    const fetchMock = settingsApi({ ...defaults, saved: true });
    await open();
    await form();
    type(limitField(), '1');
    save();
    await screen.findByText('Paramètres enregistrés avec succès');
    expect(sentBodyTo(fetchMock, saveSettings)).toMatchObject({ daily_send_limit: 1 });
    type(limitField(), '10000');
    save();
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(2));
    expect(sentBodyTo(fetchMock, saveSettings)).toMatchObject({ daily_send_limit: 10000 });
  });

  it('one ask per customer: 30 days by default, 0 turns it off, and a bad value is refused in French before saving', async () => {
    const fetchMock = settingsApi({ ...defaults, saved: true });
    await open();
    await form();
    const windowField = screen.getByLabelText('Une seule demande par client sur (jours)') as HTMLInputElement;
    expect(windowField.value).toBe('30');
    type(windowField, '400');
    save();
    expect(await screen.findByText('La période doit être un nombre entier de jours entre 0 et 365')).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(0);
    type(windowField, '0');
    save();
    await screen.findByText('Paramètres enregistrés avec succès');
    expect(sentBodyTo(fetchMock, saveSettings)).toMatchObject({ customer_ask_window_days: 0 });
  });

  it("shows the server's message when the save fails, and keeps the edits", async () => {
    settingsApi(defaults, [on(readSettings, () => defaults), on(saveSettings, () => apiError(500, 'Une erreur interne est survenue. Veuillez réessayer.'))]);
    await open();
    await form();
    type(limitField(), '300');
    save();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Une erreur interne est survenue. Veuillez réessayer.');
    expect(limitField().value).toBe('300');
    expect(screen.queryByText('Paramètres enregistrés avec succès')).toBeNull();
  });

  it("says 'Aucune boutique Shopify connectée' with a link to the integrations when there is no store", async () => {
    mockSignedInApi([on(readSettings, () => apiError(404, 'Aucune boutique Shopify connectée', 'no_store'))]);
    await open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Aucune boutique Shopify connectée' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aller aux intégrations' }).getAttribute('href')).toBe('/app/integrations');
    expect(screen.queryByLabelText('E-mail de notification')).toBeNull();
  });

  it('shows a load error with a retry button', async () => {
    let fail = true;
    mockSignedInApi([on(readSettings, () => (fail ? apiError(500, 'Une erreur interne est survenue. Veuillez réessayer.') : defaults))]);
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Impossible de charger vos paramètres.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    await form();
  });
});
