import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importHistory, listRequests } from '#core/api/review-requests';
import { countOrders } from '#core/api/shopify';
import { activeStore, apiError } from '#web/test/render';
import { on } from '#web/test/endpoints';
import { firstPage, listResponse, serve, open, requestList } from '#web/test/schedule-page';
import { axeViolations } from '#web/test/axe';

afterEach(() => {
  vi.useRealTimers();
});

describe('/app/schedule', () => {
  describe('history import', () => {
    it('counts the paid orders, then imports at once when asked for "now"', async () => {
      const api = serve([
        on(listRequests, () => listResponse(firstPage)),
        on(countOrders, { success: true, count: 42 }),
        on(importHistory, { success: true, synced_count: 42, scheduled_count: 40 }),
      ]);
      await open();
      await requestList();
      fireEvent.click(screen.getByRole('button', { name: 'Importer l’historique' }));
      const dialog = await screen.findByRole('dialog', { name: 'Importer l’historique' });
      expect(within(dialog).getByText('Comptage des commandes payées…')).toBeTruthy();
      await within(dialog).findByText('42 commandes payées ces 60 derniers jours.');
      expect(api.calls(countOrders).map((call) => call.body)).toEqual([{ shop_id: activeStore.id }]);

      expect(await axeViolations()).toEqual([]);

      fireEvent.click(within(dialog).getByRole('button', { name: /^Envoyer maintenant/ }));
      await screen.findByText('42 commandes importées et 40 demandes d’avis programmées !');
      expect(api.calls(importHistory).map((call) => call.body)).toEqual([{ shop_id: activeStore.id, immediate: true }]);
      expect(screen.queryByRole('dialog')).toBeNull();
      await waitFor(() => expect(api.calls(listRequests)).toHaveLength(2));
    });

    it('spreads the import: defaults 7 days, Monday to Friday, 9:00 UTC; the last day stays; the chosen values are sent', async () => {
      const api = serve([
        on(listRequests, () => listResponse(firstPage)),
        on(countOrders, { success: true, count: 12 }),
        on(importHistory, { success: true, synced_count: 12, scheduled_count: 12 }),
      ]);
      await open();
      await requestList();
      fireEvent.click(screen.getByRole('button', { name: 'Importer l’historique' }));
      const dialog = await screen.findByRole('dialog', { name: 'Importer l’historique' });
      await within(dialog).findByText('12 commandes payées ces 60 derniers jours.');
      fireEvent.click(within(dialog).getByRole('button', { name: /^Étaler l’envoi/ }));

      const slider = within(dialog).getByRole('slider', { name: 'Étaler l’envoi sur' }) as HTMLInputElement;
      expect(slider.value).toBe('7');
      expect(slider.min).toBe('1');
      expect(slider.max).toBe('30');
      expect(slider.getAttribute('aria-valuetext')).toBe('7 jours');
      const days = within(within(dialog).getByRole('group', { name: 'Jours d’envoi' }));
      const pressed = () =>
        days
          .getAllByRole('button')
          .filter((button) => button.getAttribute('aria-pressed') === 'true')
          .map((button) => button.textContent);
      expect(pressed()).toEqual(['LunLundi', 'MarMardi', 'MerMercredi', 'JeuJeudi', 'VenVendredi']);
      const hour = within(dialog).getByRole('combobox', { name: 'Heure d’envoi (UTC)' }) as HTMLSelectElement;
      expect(hour.value).toBe('9');
      expect(hour.options).toHaveLength(24);
      expect(hour.selectedOptions[0]?.textContent).toBe('09:00 UTC');

      // Down to one day: that one cannot be unselected.
      for (const name of ['Mardi', 'Mercredi', 'Jeudi', 'Vendredi']) fireEvent.click(days.getByRole('button', { name }));
      expect(pressed()).toEqual(['LunLundi']);
      const monday = days.getByRole('button', { name: 'Lundi' });
      expect(monday.getAttribute('aria-disabled')).toBe('true');
      fireEvent.click(monday);
      expect(monday.getAttribute('aria-pressed')).toBe('true');
      const start = within(dialog).getByRole('button', { name: 'Démarrer l’importation' }) as HTMLButtonElement;
      expect(start.disabled).toBe(false);

      // Choose: 14 days, Saturday and Wednesday (Monday dropped), 18:00 UTC.
      fireEvent.change(slider, { target: { value: '14' } });
      expect(within(dialog).getByText('14 jours')).toBeTruthy();
      fireEvent.click(days.getByRole('button', { name: 'Samedi' }));
      fireEvent.click(days.getByRole('button', { name: 'Mercredi' }));
      fireEvent.click(monday);
      expect(pressed()).toEqual(['MerMercredi', 'SamSamedi']);
      fireEvent.change(hour, { target: { value: '18' } });

      fireEvent.click(start);
      await screen.findByText('12 commandes importées et 12 demandes d’avis programmées !');
      expect(api.calls(importHistory).map((call) => call.body)).toEqual([{ shop_id: activeStore.id, immediate: false, days_to_spread: 14, send_days: [3, 6], send_hour: 18 }]);
    });

    it('shows the counting and import failures, and closes with Escape', async () => {
      serve([
        on(listRequests, () => listResponse(firstPage)),
        // The spec's functions/v1 failures keep its `{ success: false, … }` shape beside `{ error, code }`.
        on(countOrders, () => apiError(502, 'Erreur lors du comptage', 'count_orders_failed', { success: false, count: 0 })),
        on(importHistory, () => apiError(502, 'Erreur lors de l’importation', 'import_failed', { success: false, synced_count: 0, scheduled_count: 0 })),
      ]);
      await open();
      await requestList();
      const opener = screen.getByRole('button', { name: 'Importer l’historique' });
      opener.focus();
      fireEvent.click(opener);
      const dialog = await screen.findByRole('dialog', { name: 'Importer l’historique' });
      expect((await within(dialog).findByRole('alert')).textContent).toContain('Erreur lors du comptage');

      fireEvent.click(within(dialog).getByRole('button', { name: /^Envoyer maintenant/ }));
      await waitFor(() =>
        expect(
          within(dialog)
            .getAllByRole('alert')
            .map((alert) => alert.textContent),
        ).toContain('Erreur lors de l’importation'),
      );

      fireEvent.keyDown(dialog, { key: 'Escape' });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(opener);
    });
  });
});
