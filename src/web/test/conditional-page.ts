/** The conditional-actions screen's tests' world: its configurations, the mocked API and the screen's fields. */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { listAuditChanges } from '#core/api/audit';
import { type RatingAction, type RatingActionsConfig, readRatingActions, saveRatingActions } from '#core/api/rating-actions';
import { activeStore, renderRoute, testUser } from '#web/test/render';
import { mockSignedInApi, on, type Route, type FetchMock } from '#web/test/endpoints';

/** No change recorded yet (the compliance panel's list). */
export const noChanges = on(listAuditChanges, () => ({ items: [] }));

/** What the server answers before anything is saved (docs/product/limits.md, default rating actions). */
export const defaultActions: RatingAction[] = [
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

export const defaults: RatingActionsConfig = {
  store_id: activeStore.id,
  same_path_for_all_ratings: true,
  saved: false,
  actions: defaultActions,
};

export const googleUrl = 'https://g.page/r/ma-boutique/review';

/** A configuration the merchant saved: every field filled in. */
export const savedConfig: RatingActionsConfig = {
  store_id: activeStore.id,
  same_path_for_all_ratings: false,
  saved: true,
  actions: defaultActions.map((action) => (action.action_type === 'redirect' ? { ...action, redirect_url: googleUrl } : action)),
};

/**
 * An in-memory rating-actions API starting from `initial`: PUT stores the body and answers it with
 * `saved: true` (after `gate` if given). `overrides` replace any endpoint.
 */
export function ratingActionsApi(initial: RatingActionsConfig = defaults, { overrides = [], gate }: { overrides?: Route[]; gate?: Promise<void> } = {}): FetchMock {
  let current = initial;
  return mockSignedInApi([
    noChanges,
    on(readRatingActions, () => current),
    on(saveRatingActions, async ({ body }) => {
      await gate;
      const saved = body as Pick<RatingActionsConfig, 'same_path_for_all_ratings' | 'actions'>;
      current = {
        store_id: current.store_id,
        saved: true,
        same_path_for_all_ratings: saved.same_path_for_all_ratings,
        actions: [...saved.actions].sort((a, b) => b.rating - a.rating),
      };
      return current;
    }),
    ...overrides,
  ]);
}

export async function open() {
  const result = renderRoute('/app/conditional');
  // The screen is a lazy chunk: the first test also pays for transforming it.
  await screen.findByRole('heading', { level: 1, name: 'Actions conditionnelles' }, { timeout: 5_000 });
  return result;
}

/** The card of one rating (a fieldset named "5 étoiles", "1 étoile"). */
export function card(rating: number) {
  return screen.getByRole('group', { name: rating === 1 ? '1 étoile' : `${rating} étoiles` });
}

export async function cards() {
  await screen.findByRole('group', { name: '5 étoiles' });
  return screen.getAllByRole('group');
}

export function actionOf(rating: number) {
  return within(card(rating)).getByLabelText('Action') as HTMLSelectElement;
}

export function chooseAction(rating: number, type: string) {
  fireEvent.change(actionOf(rating), { target: { value: type } });
}

/** The field labelled `label` in a rating's card, or null. */
export function fieldOf(rating: number, label: string) {
  return within(card(rating)).queryByLabelText(label) as HTMLInputElement | null;
}

export const urlLabel = 'URL de votre page d’avis';
export const emailLabel = 'E-mail de notification';
export const messageLabel = 'Message affiché au client';

export function type(element: HTMLElement | null, value: string) {
  expect(element).not.toBeNull();
  fireEvent.change(element!, { target: { value } });
}

export function save() {
  fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
}

export function samePath() {
  return screen.getByRole('checkbox', { name: 'Même parcours pour toutes les notes' }) as HTMLInputElement;
}

export const gatingText = /Seules certaines notes mènent à votre page d’avis publique/;
export const noPublicLinkText = /aucun lien vers votre page d’avis publique ne sera proposé/;
export const enableButton = { name: 'Activer le même parcours pour toutes les notes' };

/** The message tied to a field by aria-describedby, checked to be announced and the field invalid. */
export function expectFieldError(field: HTMLElement | null, message: string) {
  expect(field).not.toBeNull();
  expect(field!.getAttribute('aria-invalid')).toBe('true');
  const described = (field!.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id));
  const error = described.find((element) => element?.textContent === message);
  expect(error, message).toBeTruthy();
  expect(error!.getAttribute('role')).toBe('alert');
}
