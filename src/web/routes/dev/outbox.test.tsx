import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getOutboxEmail, listOutbox } from '#core/api/dev-outbox';
import { apiError, mockFetch, renderRoute } from '#web/test/render';
import { mockApi, mockEndpoint, on } from '#web/test/endpoints';

const older = { id: 'a1', to: 'client@example.com', from: 'shop@example.com', subject: 'Ancien', created_at: '2025-10-01T09:00:00Z' };
const newer = { id: 'b2', to: 'autre@example.com', from: 'shop@example.com', subject: 'Récent', created_at: '2025-10-02T09:00:00Z' };

describe('/dev/outbox', () => {
  it('lists e-mails newest first, each linking to its detail', async () => {
    mockEndpoint(listOutbox, { emails: [older, newer] });
    renderRoute('/dev/outbox');
    const table = await screen.findByRole('table');
    const links = within(table).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Récent', '/dev/outbox/b2'],
      ['Ancien', '/dev/outbox/a1'],
    ]);
  });

  it('shows the empty state', async () => {
    mockEndpoint(listOutbox, { emails: [] });
    renderRoute('/dev/outbox');
    expect(await screen.findByText('Aucun e-mail dans la boîte d’envoi locale.')).toBeTruthy();
  });

  it('shows headers, text and sandboxed HTML of one e-mail', async () => {
    mockApi([
      on(
        getOutboxEmail,
        {
          email: {
            ...newer,
            message_id: '<b2@avis.local>',
            html: '<p>Bonjour <script>alert(1)</script></p>',
            text: 'Bonjour en texte',
            headers: { 'List-Unsubscribe': '<https://exemple.fr/u/1>' },
          },
        },
        { id: 'b2' },
      ),
    ]);
    renderRoute('/dev/outbox/b2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Récent' })).toBeTruthy();
    expect(screen.getByText('Bonjour en texte')).toBeTruthy();
    expect(screen.getByText('List-Unsubscribe')).toBeTruthy();
    const frame = screen.getByTitle('Aperçu HTML de l’e-mail');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('Bonjour');
  });

  it("shows 'E-mail introuvable' when the server answers 404", async () => {
    mockFetch(() => apiError(404, 'E-mail introuvable', 'outbox_email_not_found'));
    renderRoute('/dev/outbox/zzz');
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail introuvable' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à la boîte d’envoi' }).getAttribute('href')).toBe('/dev/outbox');
  });
});
