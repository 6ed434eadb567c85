import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { axeViolations } from '#web/test/axe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmUnsubscribe, readUnsubscribe } from '#core/api/unsubscribe';
import type { ResponseOf } from '#core/api/endpoint';
import { getSession } from '#core/api/auth';
import { apiError, renderRoute } from '#web/test/render';
import { callsTo, mockApi, on, type Answer } from '#web/test/endpoints';

const token = 'tok_123';

/** The public API only (no session): GET and POST of the unsubscribe link. */
function serve({ get, post }: { get: Answer<typeof readUnsubscribe>; post?: Answer<typeof confirmUnsubscribe> }) {
  return mockApi([on(readUnsubscribe, get, { token }), ...(post ? [on(confirmUnsubscribe, post, { token })] : [])]);
}

/** Where the session endpoints live (the page must call none). */
const authPrefix = getSession.path.slice(0, getSession.path.lastIndexOf('/'));

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function open() {
  const result = renderRoute(`/unsubscribe/${token}`);
  await screen.findByRole('heading', { level: 1, name: 'Désinscription' }, { timeout: 5_000 });
  return result;
}

const status = { store_name: 'Ma boutique', email: 'j***@example.com', unsubscribed: false, locale: 'fr' };

/** The browser's languages (navigator.languages), which the page speaks until the link's status names the request's. */
let browserLanguages = ['fr-FR', 'fr'];
beforeEach(() => {
  browserLanguages = ['fr-FR', 'fr'];
  vi.spyOn(navigator, 'languages', 'get').mockImplementation(() => browserLanguages);
});
afterEach(() => vi.restoreAllMocks());

describe('/unsubscribe/:token', () => {
  it('only reads the link on opening: nothing is unsubscribed until the button is pressed', async () => {
    const fetchMock = serve({ get: () => status, post: () => ({ ok: true, store_name: 'Ma boutique' }) });
    await open();
    await screen.findByRole('button', { name: 'Se désabonner' });
    expect(screen.getByText('j***@example.com')).toBeTruthy();
    expect(screen.getByText('Vous ne souhaitez plus recevoir de demandes d’avis de Ma boutique ?')).toBeTruthy();
    expect(callsTo(fetchMock, readUnsubscribe, { token })).toHaveLength(1);
    expect(callsTo(fetchMock, confirmUnsubscribe, { token })).toHaveLength(0);
    // No session needed: the page never asks for one.
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes(authPrefix))).toBe(false);

    expect(await axeViolations()).toEqual([]);
  });

  it("elides 'de' before a store name that starts with a vowel", async () => {
    serve({ get: () => ({ ...status, store_name: 'Atelier Nova' }) });
    await open();
    expect(await screen.findByText('Vous ne souhaitez plus recevoir de demandes d’avis d’Atelier Nova ?')).toBeTruthy();
  });

  it('unsubscribes with the button (busy meanwhile) and confirms', async () => {
    const answer = deferred<ResponseOf<typeof confirmUnsubscribe>>();
    const fetchMock = serve({ get: () => status, post: () => answer.promise });
    await open();
    const button = await screen.findByRole('button', { name: 'Se désabonner' });
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('Désabonnement…'));
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(callsTo(fetchMock, confirmUnsubscribe, { token })).toHaveLength(1);

    answer.resolve({ ok: true, store_name: 'Ma boutique' });
    const confirmation = await screen.findByRole('status');
    await within(confirmation).findByText('Ma boutique ne vous enverra plus de demandes d’avis à cette adresse.');
    expect(within(confirmation).getByRole('heading', { name: 'Désinscription confirmée' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Se désabonner' })).toBeNull();
    expect(document.activeElement).toBe(confirmation);
  });

  it('confirms at once when the address is already unsubscribed', async () => {
    const fetchMock = serve({ get: () => ({ ...status, unsubscribed: true }) });
    await open();
    await screen.findByText('Ma boutique ne vous enverra plus de demandes d’avis à cette adresse.');
    expect(screen.queryByRole('button', { name: 'Se désabonner' })).toBeNull();
    expect(callsTo(fetchMock, confirmUnsubscribe, { token })).toHaveLength(0);
  });

  it('says when the link is invalid or expired', async () => {
    const fetchMock = serve({ get: () => apiError(404, 'Lien invalide ou expiré', 'unsubscribe_link_invalid') });
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Lien invalide ou expiré');
    expect(screen.queryByRole('button', { name: 'Se désabonner' })).toBeNull();
    expect(callsTo(fetchMock, confirmUnsubscribe, { token })).toHaveLength(0);
  });

  it('offers a retry when the page cannot load, and keeps the button when the unsubscribe fails', async () => {
    let gets = 0;
    serve({
      get: () => (gets++ === 0 ? apiError(500, 'Une erreur interne est survenue. Veuillez réessayer.') : status),
      post: () => apiError(500, 'Une erreur interne est survenue. Veuillez réessayer.'),
    });
    await open();
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert.textContent).toContain('Une erreur est survenue. Veuillez réessayer.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));

    const button = await screen.findByRole('button', { name: 'Se désabonner' });
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('Une erreur est survenue. Veuillez réessayer.');
    expect(screen.getByRole('button', { name: 'Se désabonner' })).toBeTruthy();
  });

  it('speaks the language of the request the link came with, whatever the browser’s', async () => {
    browserLanguages = ['en-US', 'en'];
    serve({ get: () => ({ ...status, store_name: 'Atelier Nova', locale: 'de-AT' }), post: () => ({ ok: true, store_name: 'Atelier Nova' }) });
    renderRoute(`/unsubscribe/${token}`);
    await screen.findByRole('heading', { level: 1, name: 'Abmeldung' }, { timeout: 5_000 });
    expect(await screen.findByText('Sie möchten keine Bewertungsanfragen von Atelier Nova mehr erhalten?')).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
    fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    await within(await screen.findByRole('status')).findByText('Atelier Nova sendet Ihnen keine Bewertungsanfragen mehr an diese Adresse.');
    expect(await axeViolations()).toEqual([]);
  });

  it('frames the page in the request’s language too: skip link, home link, legal footer and tab title, no French left', async () => {
    browserLanguages = ['en-US', 'en'];
    serve({ get: () => ({ ...status, locale: 'de-AT' }) });
    renderRoute(`/unsubscribe/${token}`);
    await screen.findByRole('button', { name: 'Abmelden' }, { timeout: 5_000 });
    expect(screen.getByRole('link', { name: 'Zum Hauptinhalt springen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Avis Clients – Startseite' })).toBeTruthy();
    const legal = screen.getByRole('navigation', { name: 'Rechtliches' });
    expect(within(legal).getByRole('link', { name: 'Impressum' }).getAttribute('hreflang')).toBe('fr');
    expect(within(legal).getByRole('link', { name: 'Datenschutz' })).toBeTruthy();
    expect(screen.getByText(/Alle Rechte vorbehalten\./)).toBeTruthy();
    expect(document.title).toBe('Abmeldung · Avis Clients');
    expect(document.documentElement.lang).toBe('de');
    for (const french of ['Mentions légales', 'Confidentialité', 'Tous droits réservés', 'Aller au contenu', 'accueil']) expect(document.body.textContent).not.toContain(french);
    expect(await axeViolations()).toEqual([]);
  });

  it('says it is loading in the browser’s language before the page’s code has arrived, and the merchant’s pages still in French', async () => {
    browserLanguages = ['de-DE', 'de'];
    serve({ get: () => ({ ...status, locale: 'de-DE' }) });
    const before = document.documentElement.lang;
    const { unmount } = renderRoute(`/unsubscribe/${token}`);
    // The root's fallback: no screen yet, only the loading line.
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Wird geladen…');
    expect(document.documentElement.lang).toBe('de');
    expect(document.title).toBe('Avis Clients');
    await screen.findByRole('button', { name: 'Abmelden' }, { timeout: 5_000 });
    expect(document.title).toBe('Abmeldung · Avis Clients');
    unmount();
    // The page's language given back: the merchant's pages are in index.html's.
    expect(document.documentElement.lang).toBe(before);

    renderRoute('/login');
    expect(screen.getByRole('status').textContent).toBe('Chargement…');
    expect(document.documentElement.lang).toBe(before);
  });

  it('before the answer and when the page cannot load, speaks the browser’s language throughout, its retry included', async () => {
    browserLanguages = ['es-MX', 'es'];
    const answer = deferred<Response>();
    let gets = 0;
    serve({ get: () => (gets++ === 0 ? answer.promise : status) });
    renderRoute(`/unsubscribe/${token}`);
    await screen.findByRole('navigation', { name: 'Enlaces legales' }, { timeout: 5_000 });
    expect(within(screen.getByRole('main')).getByRole('status').textContent).toBe('Cargando…');
    expect(document.documentElement.lang).toBe('es');

    answer.resolve(apiError(500, 'Une erreur interne est survenue. Veuillez réessayer.'));
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert.textContent).not.toContain('Une erreur');
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe('Désinscription');
    expect(screen.getByRole('link', { name: 'Ir al contenido principal' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aviso legal' })).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Volver a intentarlo' }));
    // The request's language once it answers (French here).
    await screen.findByRole('button', { name: 'Se désabonner' });
    expect(screen.getByRole('navigation', { name: 'Liens légaux' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
  });

  it('says a link is not valid in the browser’s language, French when it names none shipped', async () => {
    browserLanguages = ['nl-BE', 'fr'];
    serve({ get: () => apiError(404, 'Lien invalide ou expiré', 'unsubscribe_link_invalid') });
    renderRoute(`/unsubscribe/${token}`);
    expect((await screen.findByRole('alert', {}, { timeout: 5_000 })).textContent).toContain('Ongeldige of verlopen link');
    expect(screen.getByRole('heading', { level: 1, name: 'Afmelden' })).toBeTruthy();
  });
});
