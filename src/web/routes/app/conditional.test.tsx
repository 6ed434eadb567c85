import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AuditChange, exportAudit, listAuditChanges } from '#core/api/audit';
import { type RatingAction, type RatingActionsConfig, readRatingActions, saveRatingActions } from '#core/api/rating-actions';
import { activeStore, apiError, jsonResponse, renderRoute, testUser } from '#web/test/render';
import { callsTo, mockSignedInApi, on, type Route, sentBodyTo } from '#web/test/endpoints';

afterEach(() => {
  vi.useRealTimers();
});

/** No change recorded yet (the compliance panel's list). */
const noChanges = on(listAuditChanges, () => jsonResponse({ items: [] }));

/** What the server answers before anything is saved (docs/product/limits.md, default rating actions). */
const defaultActions: RatingAction[] = [
  { rating: 5, action_type: 'redirect', redirect_url: null, notification_email: null, feedback_message: null },
  { rating: 4, action_type: 'redirect', redirect_url: null, notification_email: null, feedback_message: null },
  {
    rating: 3,
    action_type: 'collect_feedback',
    redirect_url: null,
    notification_email: null,
    feedback_message: 'Merci\u202f! Dites-nous ce que nous pourrions améliorer.',
  },
  {
    rating: 2,
    action_type: 'collect_feedback',
    redirect_url: null,
    notification_email: testUser.email,
    feedback_message: 'Nous sommes désolés. Que s’est-il passé\u202f? Votre message nous aidera à faire mieux.',
  },
  { rating: 1, action_type: 'notify_email', redirect_url: null, notification_email: testUser.email, feedback_message: null },
];

const defaults: RatingActionsConfig = {
  store_id: activeStore.id,
  same_path_for_all_ratings: true,
  saved: false,
  actions: defaultActions,
};

const googleUrl = 'https://g.page/r/ma-boutique/review';

/** A configuration the merchant saved: every field filled in. */
const savedConfig: RatingActionsConfig = {
  store_id: activeStore.id,
  same_path_for_all_ratings: false,
  saved: true,
  actions: defaultActions.map((action) => (action.action_type === 'redirect' ? { ...action, redirect_url: googleUrl } : action)),
};

type FetchMock = ReturnType<typeof mockSignedInApi>;

/**
 * An in-memory rating-actions API starting from `initial`: PUT stores the body and answers it with
 * `saved: true` (after `gate` if given). `overrides` replace any endpoint.
 */
function ratingActionsApi(initial: RatingActionsConfig = defaults, { overrides = [], gate }: { overrides?: Route[]; gate?: Promise<void> } = {}): FetchMock {
  let current = initial;
  return mockSignedInApi([
    noChanges,
    on(readRatingActions, () => jsonResponse(current)),
    on(saveRatingActions, async ({ body }) => {
      await gate;
      const saved = body as Pick<RatingActionsConfig, 'same_path_for_all_ratings' | 'actions'>;
      current = {
        store_id: current.store_id,
        saved: true,
        same_path_for_all_ratings: saved.same_path_for_all_ratings,
        actions: [...saved.actions].sort((a, b) => b.rating - a.rating),
      };
      return jsonResponse(current);
    }),
    ...overrides,
  ]);
}

async function open() {
  const result = renderRoute('/app/conditional');
  // The screen is a lazy chunk: the first test also pays for transforming it.
  await screen.findByRole('heading', { level: 1, name: 'Actions conditionnelles' }, { timeout: 5_000 });
  return result;
}

/** The card of one rating (a fieldset named "5 étoiles", "1 étoile"). */
function card(rating: number) {
  return screen.getByRole('group', { name: rating === 1 ? '1 étoile' : `${rating} étoiles` });
}

async function cards() {
  await screen.findByRole('group', { name: '5 étoiles' });
  return screen.getAllByRole('group');
}

function actionOf(rating: number) {
  return within(card(rating)).getByLabelText('Action') as HTMLSelectElement;
}

function chooseAction(rating: number, type: string) {
  fireEvent.change(actionOf(rating), { target: { value: type } });
}

/** The field labelled `label` in a rating's card, or null. */
function fieldOf(rating: number, label: string) {
  return within(card(rating)).queryByLabelText(label) as HTMLInputElement | null;
}

const urlLabel = 'URL de votre page d’avis';
const emailLabel = 'E-mail de notification';
const messageLabel = 'Message affiché au client';

function type(element: HTMLElement | null, value: string) {
  expect(element).not.toBeNull();
  fireEvent.change(element!, { target: { value } });
}

function save() {
  fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
}

function samePath() {
  return screen.getByRole('checkbox', { name: 'Même parcours pour toutes les notes' }) as HTMLInputElement;
}

const gatingText = /Seules certaines notes mènent à votre page d’avis publique/;
const noPublicLinkText = /aucun lien vers votre page d’avis publique ne sera proposé/;
const enableButton = { name: 'Activer le même parcours pour toutes les notes' };

/** The message tied to a field by aria-describedby, checked to be announced and the field invalid. */
function expectFieldError(field: HTMLElement | null, message: string) {
  expect(field).not.toBeNull();
  expect(field!.getAttribute('aria-invalid')).toBe('true');
  const described = (field!.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id));
  const error = described.find((element) => element?.textContent === message);
  expect(error, message).toBeTruthy();
  expect(error!.getAttribute('role')).toBe('alert');
}

async function axeViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.html) }));
}

describe('/app/conditional loading', () => {
  it('shows a spinner, then one card per rating from 5 to 1 with the suggested defaults', async () => {
    let answer: (response: Response) => void = () => {};
    mockSignedInApi([noChanges, on(readRatingActions, () => new Promise<Response>((resolve) => (answer = resolve)))]);
    await open();
    const spinner = await screen.findByText('Chargement de vos actions conditionnelles…');
    expect(spinner.closest('[role="status"]')).not.toBeNull();

    answer(jsonResponse(defaults));

    const groups = await cards();
    expect(screen.queryByText('Chargement de vos actions conditionnelles…')).toBeNull();
    expect(groups.map((group) => group.querySelector('legend')?.textContent)).toEqual(['5 étoiles', '4 étoiles', '3 étoiles', '2 étoiles', '1 étoile']);

    // Stars: as many filled as the rating, in the rating's colour; decorative (the legend says it).
    const colours = { 5: 'green', 4: 'cyan', 3: 'yellow', 2: 'orange', 1: 'red' } as const;
    for (const [rating, colour] of Object.entries(colours)) {
      const stars = card(Number(rating)).querySelectorAll('svg');
      expect(stars).toHaveLength(5);
      const filled = [...stars].filter((star) => star.getAttribute('data-filled') === 'true');
      expect(filled).toHaveLength(Number(rating));
      for (const star of filled) expect(star.getAttribute('class')).toContain(`fill-${colour}-`);
      expect(stars[0]!.closest('[aria-hidden="true"]')).not.toBeNull();
    }

    // 5 and 4: redirect, URL to enter (a placeholder example only).
    for (const rating of [5, 4]) {
      expect(actionOf(rating).value).toBe('redirect');
      expect(within(actionOf(rating)).getByRole('option', { selected: true }).textContent).toBe('Rediriger vers une plateforme d’avis');
      const url = fieldOf(rating, urlLabel)!;
      expect(url.type).toBe('url');
      expect(url.value).toBe('');
      expect(url.placeholder).toBe('https://g.page/r/votre-fiche/review');
      expect(url.required).toBe(true);
      expect(fieldOf(rating, emailLabel)).toBeNull();
      expect(fieldOf(rating, messageLabel)).toBeNull();
    }
    // 3: private feedback with its message, no e-mail above rating 2.
    expect(actionOf(3).value).toBe('collect_feedback');
    expect((fieldOf(3, messageLabel) as unknown as HTMLTextAreaElement).value).toBe('Merci\u202f! Dites-nous ce que nous pourrions améliorer.');
    expect(fieldOf(3, emailLabel)).toBeNull();
    expect(fieldOf(3, urlLabel)).toBeNull();
    // 2: private feedback with the account's e-mail (optional).
    expect(actionOf(2).value).toBe('collect_feedback');
    expect((fieldOf(2, messageLabel) as unknown as HTMLTextAreaElement).value).toBe('Nous sommes désolés. Que s’est-il passé\u202f? Votre message nous aidera à faire mieux.');
    expect(fieldOf(2, emailLabel)!.value).toBe(testUser.email);
    expect(fieldOf(2, emailLabel)!.required).toBe(false);
    // 1: notify by e-mail, the address required.
    expect(actionOf(1).value).toBe('notify_email');
    expect(fieldOf(1, emailLabel)!.type).toBe('email');
    expect(fieldOf(1, emailLabel)!.value).toBe(testUser.email);
    expect(fieldOf(1, emailLabel)!.required).toBe(true);
    expect(fieldOf(1, messageLabel)).toBeNull();

    // The four choices, in natural French.
    expect(
      within(actionOf(3))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Rediriger vers une plateforme d’avis', 'Recueillir un avis privé', 'Notifier par e-mail', 'Aucune action']);
    expect(samePath().checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeTruthy();
    // The first test of the file pays for transforming the lazy screen: room for a loaded machine.
  }, 15_000);

  it('says the defaults are suggestions not saved yet, and not once they are saved', async () => {
    const fetchMock = ratingActionsApi(defaults);
    await open();
    await cards();
    expect(screen.getByText('Configuration suggérée, pas encore enregistrée')).toBeTruthy();
    expect(screen.getByText(/sont des suggestions par défaut/)).toBeTruthy();

    type(fieldOf(5, urlLabel), googleUrl);
    type(fieldOf(4, urlLabel), googleUrl);
    save();
    await screen.findByText('Configuration enregistrée avec succès !');
    expect(callsTo(fetchMock, saveRatingActions)).toHaveLength(1);
    expect(screen.queryByText('Configuration suggérée, pas encore enregistrée')).toBeNull();
  });

  it('shows no defaults notice for a saved configuration', async () => {
    ratingActionsApi(savedConfig);
    await open();
    await cards();
    expect(fieldOf(5, urlLabel)!.value).toBe(googleUrl);
    expect(samePath().checked).toBe(false);
    expect(screen.queryByText('Configuration suggérée, pas encore enregistrée')).toBeNull();
  });

  it('links to the integrations when the merchant has no active store (404)', async () => {
    mockSignedInApi([on(readRatingActions, () => apiError(404, 'Aucune boutique Shopify connectée', 'no_store'))]);
    await open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Aucune boutique Shopify active trouvée' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aller aux intégrations' }).getAttribute('href')).toBe('/app/integrations');
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });

  it('shows a load error with the reason and a retry button that loads again', async () => {
    let fail = true;
    mockSignedInApi([noChanges, on(readRatingActions, () => (fail ? apiError(500, 'Une erreur interne est survenue. Veuillez réessayer.') : jsonResponse(defaults)))]);
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Impossible de charger vos actions conditionnelles.');
    expect(alert.textContent).toContain('Une erreur interne est survenue. Veuillez réessayer.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('group', { name: '5 étoiles' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('/app/conditional fields by action', () => {
  it('shows the URL for redirect, the message for collect_feedback, the e-mail for notify_email', async () => {
    ratingActionsApi();
    await open();
    await cards();

    chooseAction(3, 'redirect');
    expect(fieldOf(3, urlLabel)).not.toBeNull();
    expect(fieldOf(3, messageLabel)).toBeNull();
    expect(fieldOf(3, emailLabel)).toBeNull();

    chooseAction(3, 'notify_email');
    expect(fieldOf(3, urlLabel)).toBeNull();
    expect(fieldOf(3, emailLabel)!.required).toBe(true);
    expect(fieldOf(3, messageLabel)).toBeNull();

    chooseAction(3, 'none');
    expect(fieldOf(3, urlLabel)).toBeNull();
    expect(fieldOf(3, emailLabel)).toBeNull();
    expect(fieldOf(3, messageLabel)).toBeNull();
    expect(within(card(3)).queryAllByRole('textbox')).toHaveLength(0);

    // Back to private feedback: the message typed before is still there.
    chooseAction(3, 'collect_feedback');
    expect((fieldOf(3, messageLabel) as unknown as HTMLTextAreaElement).value).toBe('Merci\u202f! Dites-nous ce que nous pourrions améliorer.');
    expect(fieldOf(3, emailLabel)).toBeNull();
  });

  it('offers an optional e-mail with private feedback at ratings 2 and 1 only', async () => {
    ratingActionsApi();
    await open();
    await cards();
    for (const rating of [5, 4, 3]) {
      chooseAction(rating, 'collect_feedback');
      expect(fieldOf(rating, messageLabel), String(rating)).not.toBeNull();
      expect(fieldOf(rating, emailLabel), String(rating)).toBeNull();
    }
    for (const rating of [2, 1]) {
      chooseAction(rating, 'collect_feedback');
      const email = fieldOf(rating, emailLabel);
      expect(email, String(rating)).not.toBeNull();
      expect(email!.required).toBe(false);
      expect(document.getElementById(email!.getAttribute('aria-describedby')!)?.textContent).toContain('Facultatif');
    }
  });

  it('describes the chosen action under the selector', async () => {
    ratingActionsApi();
    await open();
    await cards();
    const select = actionOf(4);
    const hint = () => document.getElementById(select.getAttribute('aria-describedby')!)?.textContent;
    expect(hint()).toContain('page d’avis publique');
    chooseAction(4, 'collect_feedback');
    expect(hint()).toContain('commentaire privé');
  });
});

describe('/app/conditional validation', () => {
  it('blocks a missing or non-http(s) URL and a missing notify e-mail, in French, and sends nothing', async () => {
    const fetchMock = ratingActionsApi();
    await open();
    await cards();
    type(fieldOf(5, urlLabel), 'ftp://exemple.fr/avis');
    type(fieldOf(1, emailLabel), '');
    save();

    await waitFor(() => expectFieldError(fieldOf(5, urlLabel), 'L’URL de redirection doit être une adresse http(s) valide'));
    expectFieldError(fieldOf(4, urlLabel), 'L’URL de redirection est requise');
    expectFieldError(fieldOf(1, emailLabel), 'Une adresse e-mail de notification valide est requise');
    // The first invalid field takes the focus.
    expect(document.activeElement).toBe(fieldOf(5, urlLabel));
    expect(fieldOf(2, emailLabel)!.getAttribute('aria-invalid')).toBeNull();
    expect(callsTo(fetchMock, saveRatingActions)).toHaveLength(0);
    expect(screen.queryByText('Configuration enregistrée avec succès !')).toBeNull();
  });

  it.each([['pas-une-url'], ['javascript:alert(1)'], ['ftp://exemple.fr'], ['https://'], ['https://exemple .fr']])('refuses the URL %j', async (url) => {
    const fetchMock = ratingActionsApi();
    await open();
    await cards();
    type(fieldOf(5, urlLabel), url);
    type(fieldOf(4, urlLabel), googleUrl);
    save();
    expect(await within(card(5)).findByText('L’URL de redirection doit être une adresse http(s) valide')).toBeTruthy();
    expect(callsTo(fetchMock, saveRatingActions)).toHaveLength(0);
  });

  it('refuses an invalid notify e-mail and an invalid optional feedback e-mail', async () => {
    const fetchMock = ratingActionsApi(savedConfig);
    await open();
    await cards();
    type(fieldOf(1, emailLabel), 'zoe@');
    type(fieldOf(2, emailLabel), 'pas-un-email');
    save();
    await waitFor(() => expectFieldError(fieldOf(1, emailLabel), 'Une adresse e-mail de notification valide est requise'));
    expectFieldError(fieldOf(2, emailLabel), 'L’adresse e-mail de notification n’est pas valide');
    expect(callsTo(fetchMock, saveRatingActions)).toHaveLength(0);

    // Fixed: the errors go as the fields change, and the save goes through.
    type(fieldOf(1, emailLabel), 'alerte@boutique.fr');
    type(fieldOf(2, emailLabel), '');
    await waitFor(() => expect(fieldOf(1, emailLabel)!.getAttribute('aria-invalid')).toBeNull());
    save();
    await screen.findByText('Configuration enregistrée avec succès !');
    expect(callsTo(fetchMock, saveRatingActions)).toHaveLength(1);
  });

  it('keeps the lengths the server accepts: URL 2,000, e-mail 254, message 1,000 characters', async () => {
    const fetchMock = ratingActionsApi(savedConfig);
    await open();
    await cards();
    expect(fieldOf(5, urlLabel)!.maxLength).toBe(2000);
    expect(fieldOf(1, emailLabel)!.maxLength).toBe(254);
    const message = fieldOf(3, messageLabel) as unknown as HTMLTextAreaElement;
    expect(message.maxLength).toBe(1000);

    type(fieldOf(5, urlLabel), `https://exemple.fr/${'a'.repeat(2000)}`);
    type(message, 'a'.repeat(1001));
    save();
    await waitFor(() => expectFieldError(fieldOf(5, urlLabel), 'L’URL de redirection ne peut pas dépasser 2\u00a0000 caractères'));
    expectFieldError(fieldOf(3, messageLabel), 'Le message ne peut pas dépasser 1\u00a0000 caractères');
    expect(callsTo(fetchMock, saveRatingActions)).toHaveLength(0);

    type(fieldOf(5, urlLabel), googleUrl);
    type(message, 'a'.repeat(1000));
    save();
    await screen.findByText('Configuration enregistrée avec succès !');
    expect(callsTo(fetchMock, saveRatingActions)).toHaveLength(1);
  });

  it('ignores the invalid value of a field its action does not use', async () => {
    const fetchMock = ratingActionsApi(savedConfig);
    await open();
    await cards();
    type(fieldOf(5, urlLabel), 'pas-une-url');
    chooseAction(5, 'none');
    save();
    await screen.findByText('Configuration enregistrée avec succès !');
    expect(callsTo(fetchMock, saveRatingActions)).toHaveLength(1);
  });
});

describe('/app/conditional saving', () => {
  it("sends the five actions with irrelevant fields as null, then says 'Configuration enregistrée avec succès!' for 5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = ratingActionsApi();
    await open();
    await cards();

    type(fieldOf(5, urlLabel), `  ${googleUrl}  `);
    // 4 leaves redirect: the URL typed before is kept in the form but not sent.
    type(fieldOf(4, urlLabel), 'https://exemple.fr/ancienne-page');
    chooseAction(4, 'collect_feedback');
    type(fieldOf(4, messageLabel), 'Que pourrions-nous améliorer\u202f?');
    // 2 switches to notify: its message is kept in the form but not sent.
    chooseAction(2, 'notify_email');
    // 3 gets no message: sent as null.
    type(fieldOf(3, messageLabel), '   ');
    fireEvent.click(samePath());

    save();
    const notice = await screen.findByText('Configuration enregistrée avec succès !');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(callsTo(fetchMock, saveRatingActions)).toHaveLength(1);
    expect(sentBodyTo(fetchMock, saveRatingActions)).toEqual({
      same_path_for_all_ratings: false,
      actions: [
        { rating: 5, action_type: 'redirect', redirect_url: googleUrl, notification_email: null, feedback_message: null },
        {
          rating: 4,
          action_type: 'collect_feedback',
          redirect_url: null,
          notification_email: null,
          feedback_message: 'Que pourrions-nous améliorer\u202f?',
        },
        { rating: 3, action_type: 'collect_feedback', redirect_url: null, notification_email: null, feedback_message: null },
        { rating: 2, action_type: 'notify_email', redirect_url: null, notification_email: testUser.email, feedback_message: null },
        { rating: 1, action_type: 'notify_email', redirect_url: null, notification_email: testUser.email, feedback_message: null },
      ],
    });
    const put = callsTo(fetchMock, saveRatingActions)[0]!;
    expect(new Headers(put[1]?.headers).get('Content-Type')).toBe('application/json');

    // The form shows what the server saved.
    expect(fieldOf(5, urlLabel)!.value).toBe(googleUrl);
    expect(screen.queryByText('Modifications non enregistrées')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(4_900);
    });
    expect(screen.getByText('Configuration enregistrée avec succès !')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Configuration enregistrée avec succès !')).toBeNull();
  });

  it("shows 'Enregistrement…' and disables the button while saving", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = ratingActionsApi(savedConfig, { gate });
    await open();
    await cards();
    save();
    const busy = await screen.findByRole('button', { name: 'Enregistrement…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(busy);
    release();
    await screen.findByText('Configuration enregistrée avec succès !');
    expect(callsTo(fetchMock, saveRatingActions)).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's message when it refuses the configuration, and keeps the edits", async () => {
    const fetchMock = ratingActionsApi(savedConfig, {
      overrides: [
        on(readRatingActions, () => jsonResponse(savedConfig)),
        on(saveRatingActions, () =>
          jsonResponse({ error: 'L’URL de redirection doit être une adresse http(s) valide (note 5)', code: 'invalid_input', field: 'actions.0.redirect_url' }, 400),
        ),
      ],
    });
    await open();
    await cards();
    type(fieldOf(5, urlLabel), 'https://exemple.fr/avis');
    save();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('L’URL de redirection doit être une adresse http(s) valide (note 5)');
    expect(callsTo(fetchMock, saveRatingActions)).toHaveLength(1);
    expect(fieldOf(5, urlLabel)!.value).toBe('https://exemple.fr/avis');
    expect(screen.getByText('Modifications non enregistrées')).toBeTruthy();
    expect(screen.queryByText('Configuration enregistrée avec succès !')).toBeNull();
  });
});

describe('/app/conditional review gating', () => {
  it('warns only when the same path is off and some but not all ratings redirect; its button turns it on', async () => {
    const fetchMock = ratingActionsApi();
    await open();
    await cards();
    // Same path on (defaults): no warning.
    expect(screen.queryByText(gatingText)).toBeNull();
    expect(screen.queryByText(noPublicLinkText)).toBeNull();

    fireEvent.click(samePath());
    expect(samePath().checked).toBe(false);
    const heading = screen.getByText(gatingText);
    const warning = heading.closest('[role="status"]') as HTMLElement;
    expect(warning).not.toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(warning.textContent).toContain('review gating');
    expect(warning.textContent).toMatch(/Google/);
    expect(warning.textContent).toMatch(/Trustpilot/);
    expect(warning.textContent).toMatch(/FTC/);
    expect(warning.textContent).toMatch(/amendes/);

    // Every rating redirects: everyone gets the public link, no warning.
    for (const rating of [3, 2, 1]) chooseAction(rating, 'redirect');
    expect(screen.queryByText(gatingText)).toBeNull();
    // No rating redirects: nobody is steered, no warning; a note says no public link is offered.
    expect(screen.queryByText(noPublicLinkText)).toBeNull();
    for (const rating of [5, 4, 3, 2, 1]) chooseAction(rating, 'none');
    expect(screen.queryByText(gatingText)).toBeNull();
    expect(screen.getByText(noPublicLinkText)).toBeTruthy();
    // Only 5 redirects: the warning is back.
    chooseAction(5, 'redirect');
    const enable = screen.getByRole('button', enableButton);

    fireEvent.click(enable);
    expect(samePath().checked).toBe(true);
    expect(screen.queryByText(gatingText)).toBeNull();
    expect(screen.queryByRole('button', enableButton)).toBeNull();
    expect(screen.queryByText(noPublicLinkText)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(samePath()));
    // Nothing is saved until the merchant saves.
    expect(callsTo(fetchMock, saveRatingActions)).toHaveLength(0);
    expect(screen.getByText('Modifications non enregistrées')).toBeTruthy();

    type(fieldOf(5, urlLabel), googleUrl);
    save();
    await screen.findByText('Configuration enregistrée avec succès !');
    expect(sentBodyTo(fetchMock, saveRatingActions)).toMatchObject({ same_path_for_all_ratings: true });
  });

  it('warns at once for a saved configuration that gates', async () => {
    ratingActionsApi(savedConfig);
    await open();
    await cards();
    expect(screen.getByText(gatingText)).toBeTruthy();
    expect(screen.getByRole('button', enableButton)).toBeTruthy();
  });

  it('has no axe violations with the defaults notice, the warning and field errors shown', async () => {
    ratingActionsApi({ ...defaults, same_path_for_all_ratings: false });
    await open();
    await cards();
    expect(screen.getByText(gatingText)).toBeTruthy();
    save();
    await within(card(5)).findByText('L’URL de redirection est requise');
    expect(await axeViolations()).toEqual([]);
  });
});

describe('/app/conditional compliance evidence', () => {
  const changes: AuditChange[] = [
    { id: 'a2', created_at: '2026-03-02T10:15:00Z', actor_email: 'zoe@boutique.fr', action: 'same_path.update', ratings: [], same_path_after: false },
    { id: 'a1', created_at: '2026-03-01T08:00:00Z', actor_email: null, action: 'rating_actions.update', ratings: [5, 3], same_path_after: null },
  ];

  function panel() {
    return screen.getByRole('region', { name: 'Preuves de conformité' });
  }

  it('says what is recorded, links the four exports and lists the latest changes (who, when, what)', async () => {
    ratingActionsApi(savedConfig, { overrides: [on(listAuditChanges, () => jsonResponse({ items: changes }))] });
    await open();
    await cards();
    await screen.findByText('A désactivé « Même parcours pour toutes les notes »');
    const region = panel();
    expect(region.textContent).toContain('qui l’a faite, quand, la valeur avant et après');
    const exports = within(within(region).getByRole('navigation', { name: 'Exports des preuves' }))
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href'), link.hasAttribute('download')]);
    expect(exports).toEqual([
      ['Exporter l’historique (CSV)', `${exportAudit.path}?content=changes&format=csv`, true],
      ['Exporter l’historique (JSON)', `${exportAudit.path}?content=changes&format=json`, true],
      ['Exporter ce que les clients ont vu (CSV)', `${exportAudit.path}?content=shown&format=csv`, true],
      ['Exporter ce que les clients ont vu (JSON)', `${exportAudit.path}?content=shown&format=json`, true],
    ]);
    const items = within(within(region).getByRole('list', { name: 'Dernières modifications' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('zoe@boutique.fr');
    expect(items[0]!.querySelector('time')!.getAttribute('dateTime')).toBe('2026-03-02T10:15:00Z');
    expect(items[1]!.textContent).toContain('Compte inconnu');
    expect(items[1]!.textContent).toContain('A modifié les actions des notes 5 et 3');
    expect(await axeViolations()).toEqual([]);
  });

  it('says when nothing is recorded yet, and reads the changes again after a save', async () => {
    let recorded: typeof changes = [];
    const fetchMock = ratingActionsApi(savedConfig, { overrides: [on(listAuditChanges, () => jsonResponse({ items: recorded }))] });
    await open();
    await cards();
    await screen.findByText(/Aucune modification enregistrée pour l’instant/);
    recorded = [{ ...changes[1]!, actor_email: 'zoe@boutique.fr', ratings: [5] }];
    type(fieldOf(5, urlLabel), 'https://exemple.fr/avis');
    save();
    await screen.findByText('A modifié l’action de la note 5');
    const auditCalls = callsTo(fetchMock, listAuditChanges);
    expect(auditCalls.length).toBeGreaterThanOrEqual(2);
  });

  it('shows a load error with a retry for the latest changes, the exports still offered', async () => {
    let fail = true;
    ratingActionsApi(savedConfig, {
      overrides: [on(listAuditChanges, () => (fail ? apiError(500, 'Une erreur interne est survenue. Veuillez réessayer.') : jsonResponse({ items: changes })))],
    });
    await open();
    await cards();
    const alert = await within(panel()).findByRole('alert');
    expect(alert.textContent).toContain('Impossible de charger les dernières modifications.');
    expect(within(panel()).getAllByRole('link')).toHaveLength(4);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    await within(panel()).findByText('A désactivé « Même parcours pour toutes les notes »');
  });

  it('is not shown without a store', async () => {
    mockSignedInApi([on(readRatingActions, () => apiError(404, 'Aucune boutique Shopify connectée', 'no_store'))]);
    await open();
    await screen.findByText('Aucune boutique Shopify active trouvée');
    expect(screen.queryByRole('region', { name: 'Preuves de conformité' })).toBeNull();
  });
});
