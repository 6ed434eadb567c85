import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { axeViolations } from '#web/test/axe';
import { describe, expect, it } from 'vitest';
import { confirmRecipient, type NotificationRecipients, readNotificationRecipients, readRecipientLink, resendRecipientLink } from '#core/api/notification-recipients';
import { readSettings, type StoreSettings } from '#core/api/settings';
import { changeEmail, verifyEmail } from '#core/api/auth';
import { readDeliverability } from '#core/api/deliverability';
import { apiError, mockFetch, renderRoute, testUser } from '#web/test/render';
import { mockApi, mockSignedInApi, on, sentBodyTo, type Answer } from '#web/test/endpoints';

const pendingAddress = 'alertes@ailleurs.fr';
const settings: StoreSettings = { owner_notification_email: pendingAddress, daily_send_limit: 1000, customer_ask_window_days: 30, unsubscribe_enabled: true, saved: true };
const recipients = (state: 'pending' | 'confirmed'): NotificationRecipients => ({
  account_email: testUser.email,
  recipients: [{ email: pendingAddress, state, link_sent_at: state === 'pending' ? '2026-11-26T09:00:00.000Z' : null }],
});

function settingsApi(resend: Answer<typeof resendRecipientLink>) {
  return mockSignedInApi([
    on(readSettings, () => settings),
    on(readDeliverability, () => ({ app_from_address: 'avis@avis-clients.test', sender: null, reply_to: testUser.email })),
    on(readNotificationRecipients, () => recipients('pending')),
    on(resendRecipientLink, resend),
  ]);
}

describe('an alert address waiting for its confirmation (settings)', () => {
  it('shows « En attente de confirmation », where alerts go meanwhile, and « Renvoyer le lien »', async () => {
    const fetchMock = settingsApi(() => recipients('pending').recipients[0]!);
    renderRoute('/app/settings');
    await screen.findByText('En attente de confirmation', {}, { timeout: 5_000 });
    expect(screen.getByText(new RegExp(`les alertes partent vers l’adresse de votre compte \\(${testUser.email}\\)`))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Renvoyer le lien' }));
    await screen.findByText('Lien envoyé. Il est valable 48 heures.');
    expect(sentBodyTo(fetchMock, resendRecipientLink)).toEqual({ email: pendingAddress });
  });

  it('says when the link was sent too often', async () => {
    settingsApi(() => apiError(429, 'Trop de tentatives. Réessayez dans 60 minutes.'));
    renderRoute('/app/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Renvoyer le lien' }, { timeout: 5_000 }));
    await screen.findByText('Trop de tentatives. Réessayez dans 60 minutes.');
  });
});

describe('/confirm-recipient/:token', () => {
  it('reads the link without confirming, then confirms on the button', async () => {
    const fetchMock = mockApi([
      on(readRecipientLink, () => ({ store_name: 'Ma boutique', email: pendingAddress, confirmed: false }), { token: 'tok_1' }),
      on(confirmRecipient, () => ({ store_name: 'Ma boutique', email: pendingAddress, confirmed: true }), { token: 'tok_1' }),
    ]);
    const { container } = renderRoute('/confirm-recipient/tok_1');
    await screen.findByText('La boutique Ma boutique souhaite vous envoyer ses alertes d’avis clients.', {}, { timeout: 5_000 });
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
    expect(await axeViolations(container)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer mon adresse' }));
    await screen.findByText('Adresse confirmée');
    expect(screen.getByText('Vous recevrez désormais les alertes de Ma boutique à cette adresse.')).toBeTruthy();
  });

  it('says an invalid or used link is no longer valid', async () => {
    mockFetch(() => apiError(404, 'Ce lien de confirmation n’est pas valide.', 'recipient_link_invalid'));
    renderRoute('/confirm-recipient/tok_1');
    await screen.findByText('Lien invalide ou expiré', {}, { timeout: 5_000 });
  });
});

describe('/confirm-email/:token', () => {
  it('changes nothing by opening: the button follows the link to the server', async () => {
    const fetchMock = mockFetch(() => apiError(404, 'Ressource introuvable.'));
    renderRoute('/confirm-email/a.b.c');
    const link = await screen.findByRole('link', { name: 'Confirmer ma nouvelle adresse' }, { timeout: 5_000 });
    expect(link.getAttribute('href')).toBe(`${verifyEmail.path}?token=a.b.c`);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('verify-email'))).toBe(false);
  });
});

describe('account e-mail change (account settings)', () => {
  it('keeps showing the current address and says where the link went', async () => {
    mockSignedInApi([on(changeEmail, () => ({ status: true }))]);
    renderRoute('/app/account-settings?tab=profile');
    const field = (await screen.findByLabelText('Adresse e-mail', {}, { timeout: 5_000 })) as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'zoe@nouvelle-boutique.fr' } });
    fireEvent.change(within(screen.getByRole('tabpanel')).getByLabelText('Mot de passe actuel'), { target: { value: 'Mon-Secret-Actuel-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText(`Un lien de confirmation a été envoyé à zoe@nouvelle-boutique.fr. Votre compte garde l’adresse ${testUser.email} tant que vous ne l’avez pas suivi.`);
    await waitFor(() => expect(field.value).toBe(testUser.email));
  });
});
