import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cancelRequest, createShareLink, listRequests, processRequests, resendRequest } from '#core/api/review-requests';
import { apiError } from '#web/test/render';
import { on, contractResponse, type Answer } from '#web/test/endpoints';
import { requestItem as request } from '#web/test/schedule-fixtures';
import { sent, firstPage, listResponse, serve, open, requestList, row, deferred } from '#web/test/schedule-page';
import { axeViolations } from '#web/test/axe';

afterEach(() => {
  vi.useRealTimers();
});

describe('/app/schedule', () => {
  describe('send now', () => {
    const sendButton = 'Envoyer maintenant la demande d’avis de Marie Dupont, commande #1001';

    it('sends the request, says so, and reloads the list', async () => {
      const answer = deferred<Response>();
      const api = serve([on(listRequests, () => listResponse(firstPage)), on(processRequests, () => answer.promise)]);
      await open();
      await requestList();
      const button = screen.getByRole('button', { name: sendButton });
      fireEvent.click(button);
      await waitFor(() => expect(api.calls(processRequests).map((call) => call.body)).toEqual([{ manual: true, requestIds: ['r1'] }]));

      // Busy: the button says so and keeps the focus; the other send buttons wait.
      await waitFor(() => expect(button.textContent).toBe('Envoi…'));
      expect(button.getAttribute('aria-busy')).toBe('true');
      const other = screen.getByRole('button', { name: 'Envoyer maintenant la demande d’avis d’Hugo Blanc' });
      expect(other.getAttribute('aria-disabled')).toBe('true');
      fireEvent.click(other);
      expect(api.calls(processRequests)).toHaveLength(1);

      answer.resolve(contractResponse(processRequests, { success: true, processed: 1, failed: 0, quota_exceeded: false }));
      await screen.findByText('Email envoyé avec succès !');
      await waitFor(() => expect(api.calls(listRequests)).toHaveLength(2));
    });

    it.each<[string, Answer<typeof processRequests>, string]>([
      [
        'the quota is exceeded',
        () => ({ success: false, processed: 0, failed: 0, quota_exceeded: true, plan: 'Starter', quota: 300, used: 300 }),
        'Quota dépassé\u202f! Votre plan Starter permet 300 emails/mois. Vous en avez utilisé 300. Veuillez passer à un plan supérieur.',
      ],
      ['the e-mail fails', () => ({ success: false, processed: 1, failed: 1, quota_exceeded: false }), 'L’envoi de l’email a échoué. Vérifiez la configuration de votre email.'],
      [
        'nothing was processed',
        () => ({ success: false, processed: 0, failed: 0, quota_exceeded: false }),
        'Aucune demande n’a pu être traitée. Vérifiez que la demande existe toujours et qu’elle est au statut «\u202fProgrammé\u202f».',
      ],
      [
        'the server explains a refusal',
        () => ({
          success: false,
          processed: 0,
          failed: 0,
          quota_exceeded: false,
          error: 'Limite d’envoi quotidienne atteinte (1000 e-mails par jour). La demande reste programmée et partira demain.',
          code: 'daily_limit_reached',
        }),
        'Limite d’envoi quotidienne atteinte (1000 e-mails par jour). La demande reste programmée et partira demain.',
      ],
      [
        'the call fails (HTTP)',
        () => apiError(500, 'Une erreur interne est survenue. Veuillez réessayer.'),
        'Erreur HTTP 500\u202f: Une erreur interne est survenue. Veuillez réessayer.',
      ],
      ['the session has expired', () => apiError(401, 'Vous devez être connecté pour effectuer cette action.'), 'Session expirée'],
    ])('reports it when %s', async (_case, answer, message) => {
      const api = serve([on(listRequests, () => listResponse(firstPage)), on(processRequests, answer)]);
      await open();
      await requestList();
      fireEvent.click(screen.getByRole('button', { name: sendButton }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(message);
      expect(screen.queryByText('Email envoyé avec succès !')).toBeNull();
      await waitFor(() => expect(api.calls(listRequests)).toHaveLength(2));
    });

    it('hides the status toast after 5 s', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      serve([on(listRequests, () => listResponse(firstPage)), on(processRequests, { success: true, processed: 1, failed: 0, quota_exceeded: false })]);
      await open();
      await requestList();
      fireEvent.click(screen.getByRole('button', { name: sendButton }));
      await screen.findByText('Email envoyé avec succès !');
      act(() => vi.advanceTimersByTime(4_500));
      expect(screen.getByText('Email envoyé avec succès !')).toBeTruthy();
      act(() => vi.advanceTimersByTime(600));
      expect(screen.queryByText('Email envoyé avec succès !')).toBeNull();
    });
  });

  describe('cancel', () => {
    const cancelButton = 'Annuler la demande d’avis de Marie Dupont, commande #1001';

    it('asks for confirmation, then deletes the request and says so for 3 s', async () => {
      let deleted = false;
      const api = serve([
        on(listRequests, () => listResponse(deleted ? firstPage.slice(1) : firstPage, { total: deleted ? 24 : 25 })),
        on(
          cancelRequest,
          () => {
            deleted = true;
            return { ok: true };
          },
          { id: 'r1' },
        ),
      ]);
      await open();
      await requestList();
      const opener = screen.getByRole('button', { name: cancelButton });
      opener.focus();
      fireEvent.click(opener);

      const dialog = screen.getByRole('dialog', { name: 'Annuler la demande d’avis\u202f?' });
      expect(dialog.textContent).toContain('La demande d’avis de Marie Dupont, commande #1001 sera supprimée');
      expect(api.calls(cancelRequest, { id: 'r1' })).toHaveLength(0);

      // 'Conserver' keeps it.
      fireEvent.click(within(dialog).getByRole('button', { name: 'Conserver' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(opener);
      expect(api.calls(cancelRequest, { id: 'r1' })).toHaveLength(0);

      vi.useFakeTimers({ shouldAdvanceTime: true });
      fireEvent.click(opener);
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Annuler la demande' }));
      await screen.findByText('Demande d’avis annulée');
      expect(api.calls(cancelRequest, { id: 'r1' })).toHaveLength(1);
      expect(screen.queryByRole('dialog')).toBeNull();
      await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Marie Dupont' })).toBeNull());
      expect(screen.getByText('Demandes 1 à 9 sur 24')).toBeTruthy();

      act(() => vi.advanceTimersByTime(3_100));
      expect(screen.queryByText('Demande d’avis annulée')).toBeNull();
    });

    it('reports a failed deletion with the server reason', async () => {
      serve([
        on(listRequests, () => listResponse(firstPage)),
        on(cancelRequest, () => apiError(409, 'Cette demande ne peut plus être annulée\u202f: elle est en cours d’envoi ou déjà envoyée.', 'request_not_cancellable'), {
          id: 'r1',
        }),
      ]);
      await open();
      await requestList();
      fireEvent.click(screen.getByRole('button', { name: cancelButton }));
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Annuler la demande' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('Erreur lors de la suppressionCette demande ne peut plus être annulée\u202f: elle est en cours d’envoi ou déjà envoyée.');
      expect(within(alert).getByText('Erreur lors de la suppression')).toBeTruthy();
      expect(screen.getByRole('listitem', { name: 'Marie Dupont' })).toBeTruthy();
    });
  });

  describe('unconfirmed sends', () => {
    const unconfirmed = request({
      id: 'u1',
      customer_name: 'Zoé Morel',
      order_number: '1042',
      status: 'sent',
      unconfirmed: true,
      sent_at: '2025-10-09T09:02:00Z',
      last_error: 'Envoi non confirmé',
      scheduled_at: '2025-10-09T09:00:00Z',
    });

    it('are marked as such, and re-sent only after the merchant confirms the risk of a duplicate', async () => {
      let resent = false;
      const api = serve([
        on(listRequests, () => listResponse([resent ? { ...unconfirmed, unconfirmed: false, last_error: null } : unconfirmed, sent], { total: 2 })),
        on(
          resendRequest,
          () => {
            resent = true;
            return { success: true, processed: 1, failed: 0, quota_exceeded: false };
          },
          { id: 'u1' },
        ),
      ]);
      await open();
      await requestList();
      const zoe = row('Zoé Morel');
      expect(within(zoe).getByText('Non confirmé')).toBeTruthy();
      expect(zoe.textContent).toContain('l’e-mail est peut-être arrivé, peut-être pas');
      // A confirmed send offers nothing of the sort.
      expect(within(row('Ana Ruiz')).queryByRole('button', { name: /Renvoyer/ })).toBeNull();

      fireEvent.click(within(zoe).getByRole('button', { name: 'Renvoyer la demande d’avis de Zoé Morel, commande #1042' }));
      const dialog = screen.getByRole('dialog', { name: 'Renvoyer la demande d’avis\u202f?' });
      expect(dialog.textContent).toContain('deux e-mails');
      expect(dialog.textContent).toContain('qu’une fois dans votre quota');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Ne pas renvoyer' }));
      expect(api.calls(resendRequest, { id: 'u1' })).toHaveLength(0);

      fireEvent.click(within(row('Zoé Morel')).getByRole('button', { name: /^Renvoyer la demande/ }));
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Renvoyer maintenant' }));
      await screen.findByText('Email envoyé avec succès !');
      expect(api.calls(resendRequest, { id: 'u1' })).toHaveLength(1);
      await waitFor(() => expect(within(row('Zoé Morel')).queryByText('Non confirmé')).toBeNull());
      expect(await axeViolations()).toEqual([]);
    });
  });

  describe('share link', () => {
    it('creates a link, shows it, copies it ("Copié" for 2 s) and refreshes the list', async () => {
      const url = 'http://localhost/review/abc123';
      const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
      vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
      const api = serve([on(listRequests, () => listResponse(firstPage)), on(createShareLink, { request_id: 'r9', token: 'abc123', url })]);
      await open();
      await requestList();
      fireEvent.click(screen.getByRole('button', { name: 'Partager le lien d’avis' }));
      const dialog = await screen.findByRole('dialog', { name: 'Partager le lien d’avis' });
      const input = (await within(dialog).findByRole('textbox', { name: 'Lien d’avis' })) as HTMLInputElement;
      expect(input.value).toBe(url);
      expect(input.readOnly).toBe(true);
      expect(api.calls(createShareLink)).toHaveLength(1);
      expect(within(dialog).getByRole('link', { name: 'Branding & Pages' }).getAttribute('href')).toBe('/app/branding');
      await waitFor(() => expect(api.calls(listRequests)).toHaveLength(2));
      expect(await axeViolations()).toEqual([]);

      vi.useFakeTimers({ shouldAdvanceTime: true });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copier' }));
      await within(dialog).findByRole('button', { name: 'Copié' });
      expect(writeText).toHaveBeenCalledWith(url);
      act(() => vi.advanceTimersByTime(2_100));
      expect(within(dialog).getByRole('button', { name: 'Copier' })).toBeTruthy();

      fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('says when the link cannot be generated', async () => {
      serve([on(listRequests, () => listResponse(firstPage)), on(createShareLink, () => apiError(500, 'Panne'))]);
      await open();
      await requestList();
      fireEvent.click(screen.getByRole('button', { name: 'Partager le lien d’avis' }));
      const dialog = await screen.findByRole('dialog', { name: 'Partager le lien d’avis' });
      expect((await within(dialog).findByRole('alert')).textContent).toContain('Erreur lors de la génération du lien');
      expect(within(dialog).queryByRole('textbox')).toBeNull();
    });
  });
});
