import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AuditChange, exportAudit, listAuditChanges } from '#core/api/audit';
import { readRatingActions, saveRatingActions } from '#core/api/rating-actions';
import { apiError, testUser } from '#web/test/render';
import { callsTo, mockSignedInApi, on, sentBodyTo } from '#web/test/endpoints';
import {
  defaults,
  googleUrl,
  savedConfig,
  ratingActionsApi,
  open,
  card,
  cards,
  chooseAction,
  fieldOf,
  urlLabel,
  messageLabel,
  type,
  save,
  samePath,
  gatingText,
  noPublicLinkText,
  enableButton,
} from '#web/test/conditional-page';
import { axeViolations } from '#web/test/axe';

afterEach(() => {
  vi.useRealTimers();
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
        on(readRatingActions, () => savedConfig),
        on(saveRatingActions, () => apiError(400, 'L’URL de redirection doit être une adresse http(s) valide (note 5)', 'invalid_input', { field: 'actions.0.redirect_url' })),
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
    ratingActionsApi(savedConfig, { overrides: [on(listAuditChanges, () => ({ items: changes }))] });
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
    const fetchMock = ratingActionsApi(savedConfig, { overrides: [on(listAuditChanges, () => ({ items: recorded }))] });
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
      overrides: [on(listAuditChanges, () => (fail ? apiError(500, 'Une erreur interne est survenue. Veuillez réessayer.') : { items: changes }))],
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
