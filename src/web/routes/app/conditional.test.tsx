import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRatingActions, saveRatingActions } from '#core/api/rating-actions';
import { apiError, testUser } from '#web/test/render';
import { callsTo, mockSignedInApi, on, contractResponse } from '#web/test/endpoints';
import {
  noChanges,
  defaults,
  googleUrl,
  savedConfig,
  ratingActionsApi,
  open,
  card,
  cards,
  actionOf,
  chooseAction,
  fieldOf,
  urlLabel,
  emailLabel,
  messageLabel,
  type,
  save,
  samePath,
  expectFieldError,
} from '#web/test/conditional-page';

afterEach(() => {
  vi.useRealTimers();
});

describe('/app/conditional loading', () => {
  it('shows a spinner, then one card per rating from 5 to 1 with the suggested defaults', async () => {
    let answer: (response: Response) => void = () => {};
    mockSignedInApi([noChanges, on(readRatingActions, () => new Promise<Response>((resolve) => (answer = resolve)))]);
    await open();
    const spinner = await screen.findByText('Chargement de vos actions conditionnelles…');
    expect(spinner.closest('[role="status"]')).not.toBeNull();

    answer(contractResponse(readRatingActions, defaults));

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
    mockSignedInApi([noChanges, on(readRatingActions, () => (fail ? apiError(500, 'Une erreur interne est survenue. Veuillez réessayer.') : defaults))]);
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
