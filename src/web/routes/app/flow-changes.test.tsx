import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFlow, deleteFlow, listFlows, updateFlow } from '#core/api/flows';
import { flowValidationMessages } from '#core/flow-limits';
import { apiError } from '#web/test/render';
import { callsTo, on, sentBodyTo } from '#web/test/endpoints';
import { mainStore, afterShipping, bigOrders, defaultBody, flowsApi, open, card, plain, field } from '#web/test/flow-page';

afterEach(() => {
  vi.useRealTimers();
});

describe('/app/flow editing', () => {
  it('opens the form with the flow, shows a busy Save, sends PUT and updates the card', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = flowsApi([afterShipping, bigOrders], { gate });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier le flux Grosses commandes' }));

    const form = screen.getByRole('form', { name: 'Modifier le flux Grosses commandes' });
    const name = within(form).getByLabelText('Nom du flux') as HTMLInputElement;
    expect(name.value).toBe('Grosses commandes');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect((within(form).getByLabelText('Déclencheur') as HTMLSelectElement).value).toBe('order_paid');
    expect((within(form).getByLabelText('Délai avant envoi (jours)') as HTMLInputElement).value).toBe('1');
    expect((within(form).getByLabelText('Toutes les commandes') as HTMLInputElement).checked).toBe(false);
    const minimum = within(form).getByLabelText('Montant minimum de commande (€)') as HTMLInputElement;
    expect(minimum.disabled).toBe(false);
    expect(minimum.value).toBe('50');
    expect((within(form).getByLabelText('Flux actif') as HTMLInputElement).checked).toBe(false);
    expect((within(form).getByLabelText('Envoyer une relance') as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByLabelText('Relance après (jours)') as HTMLInputElement).value).toBe('7');

    fireEvent.change(name, { target: { value: 'Commandes premium' } });
    fireEvent.change(within(form).getByLabelText('Déclencheur'), { target: { value: 'order_fulfilled' } });
    fireEvent.change(within(form).getByLabelText('Délai avant envoi (jours)'), { target: { value: '7' } });
    fireEvent.change(minimum, { target: { value: '75.5' } });
    fireEvent.click(within(form).getByLabelText('Flux actif'));
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    const busy = await within(form).findByRole('button', { name: 'Enregistrement...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    release();

    await screen.findByText('Flux enregistré avec succès !');
    const put = callsTo(fetchMock, updateFlow, { id: 'f2' });
    expect(put).toHaveLength(1);
    expect(sentBodyTo(fetchMock, updateFlow, { id: 'f2' })).toEqual({
      name: 'Commandes premium',
      trigger_event: 'order_fulfilled',
      delay_days: 7,
      channels: { email: true, whatsapp: false },
      target_all_orders: false,
      minimum_order_amount: 75.5,
      reminder_days: 7,
      is_active: true,
    });
    expect(callsTo(fetchMock, createFlow)).toHaveLength(0);
    // The list was fetched again after the save: the card shows the new settings.
    expect(callsTo(fetchMock, listFlows)).toHaveLength(2);
    expect(screen.queryByRole('form')).toBeNull();
    const updated = card('Commandes premium');
    expect(within(updated).getByText('7 jours après l’expédition')).toBeTruthy();
    expect(within(updated).getByText('Actif')).toBeTruthy();
    expect(plain(updated.textContent)).toContain('Commandes ≥ 75,50 €');
    expect(screen.queryByRole('article', { name: 'Grosses commandes' })).toBeNull();
  });

  it('Cancel closes the form without saving and returns focus to the Edit button', async () => {
    const fetchMock = flowsApi([afterShipping]);
    await open();
    const edit = await screen.findByRole('button', { name: 'Modifier le flux Après expédition' });
    fireEvent.click(edit);
    fireEvent.change(field('Nom du flux'), { target: { value: 'Autre nom' } });
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));

    expect(screen.queryByRole('form')).toBeNull();
    expect(card('Après expédition')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Modifier le flux Après expédition' })));
    expect(callsTo(fetchMock, updateFlow, { id: 'f1' })).toHaveLength(0);
  });
});

describe('/app/flow deleting', () => {
  it("asks for confirmation, then sends DELETE and says 'Flux supprimé'", async () => {
    const fetchMock = flowsApi([afterShipping, bigOrders]);
    await open();
    const remove = await screen.findByRole('button', { name: 'Supprimer le flux Après expédition' });
    remove.focus();
    fireEvent.click(remove);

    let dialog = screen.getByRole('dialog', { name: 'Supprimer ce flux\u202f?' });
    expect(dialog.textContent).toContain('Après expédition');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    expect(callsTo(fetchMock, deleteFlow, { id: 'f1' })).toHaveLength(0);

    fireEvent.click(remove);
    dialog = screen.getByRole('dialog', { name: 'Supprimer ce flux\u202f?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));

    const notice = await screen.findByText('Flux supprimé');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    // The card and its button are gone: focus goes to the notice.
    await waitFor(() => expect(document.activeElement?.contains(notice)).toBe(true));
    expect(callsTo(fetchMock, deleteFlow, { id: 'f1' })).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Après expédition' })).toBeNull());
    expect(card('Grosses commandes')).toBeTruthy();
  });

  it("shows the server's message when the deletion fails", async () => {
    flowsApi([afterShipping], {
      overrides: [on(deleteFlow, () => apiError(404, 'Flux introuvable'), { id: 'f1' })],
    });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer le flux Après expédition' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Flux introuvable');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Flux supprimé')).toBeNull();
  });
});

describe('/app/flow store', () => {
  it("shows the active store's flows only, with no store selector, and asks for them without a store id", async () => {
    const fetchMock = flowsApi([afterShipping]);
    await open();
    await screen.findByRole('article', { name: 'Après expédition' });
    expect(callsTo(fetchMock, listFlows).map(([input]) => String(input))).toEqual([listFlows.path]);
    expect(screen.queryByRole('combobox', { name: 'Boutique' })).toBeNull();
  });
});

describe('/app/flow delivery trigger and reminder', () => {
  it("offers 'Commande livrée' with its hint, and saves a flow on delivery", async () => {
    const fetchMock = flowsApi([]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un flux' }));
    const form = screen.getByRole('form', { name: 'Nouveau flux' });
    const trigger = within(form).getByLabelText('Déclencheur') as HTMLSelectElement;
    expect([...trigger.options].map((o) => [o.value, o.textContent])).toEqual([
      ['order_paid', 'Commande payée'],
      ['order_fulfilled', 'Commande expédiée'],
      ['order_delivered', 'Commande livrée'],
    ]);
    const hint = () => document.getElementById(trigger.getAttribute('aria-describedby')!)?.textContent ?? '';
    expect(hint()).toContain('À l’expédition');

    fireEvent.change(trigger, { target: { value: 'order_delivered' } });
    expect(hint()).toContain('Recommandé');
    expect(hint()).toContain('scan «\u202flivré\u202f» du transporteur');
    expect(hint()).toContain('sans suivi de livraison');

    fireEvent.change(within(form).getByLabelText('Délai avant envoi (jours)'), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Flux enregistré avec succès !');
    expect(sentBodyTo(fetchMock, createFlow)).toEqual({ shopify_store_id: mainStore.id, ...defaultBody, trigger_event: 'order_delivered', delay_days: 2 });
    const created = card('Nouveau flux');
    expect(within(created).getByText('Commande livrée')).toBeTruthy();
    expect(within(created).getByText('2 jours après la livraison')).toBeTruthy();
  });

  it("'Envoyer une relance' shows 'Relance après (jours)', validates 1 to 30 with the contract's message and sends it", async () => {
    const fetchMock = flowsApi([]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un flux' }));
    const box = field('Envoyer une relance');
    expect(box.checked).toBe(false);
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toContain('uniquement aux clients qui n’ont pas encore laissé d’avis');
    expect(screen.queryByLabelText('Relance après (jours)')).toBeNull();

    fireEvent.click(box);
    expect(box.checked).toBe(true);
    const days = field('Relance après (jours)');
    expect(days.value).toBe('3');
    expect(days.min).toBe('1');
    expect(days.max).toBe('30');
    await waitFor(() => expect(document.activeElement).toBe(days));

    for (const wrong of ['0', '31', '2.5', '']) {
      fireEvent.change(days, { target: { value: wrong } });
      fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
      const message = await screen.findByText(flowValidationMessages.reminder);
      expect(message.getAttribute('role')).toBe('alert');
      expect(days.getAttribute('aria-invalid')).toBe('true');
    }
    expect(callsTo(fetchMock, createFlow)).toHaveLength(0);

    fireEvent.change(days, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Flux enregistré avec succès !');
    expect(sentBodyTo(fetchMock, createFlow)).toEqual({ shopify_store_id: mainStore.id, ...defaultBody, reminder_days: 10 });
    expect(within(card('Nouveau flux')).getByText('10 jours après le premier e-mail, si pas encore d’avis')).toBeTruthy();
  });

  it('unticking the reminder removes it from the flow, even with an invalid number typed', async () => {
    const fetchMock = flowsApi([bigOrders]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier le flux Grosses commandes' }));
    fireEvent.change(field('Relance après (jours)'), { target: { value: '99' } });
    fireEvent.click(field('Envoyer une relance'));
    expect(screen.queryByLabelText('Relance après (jours)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Flux enregistré avec succès !');
    expect(sentBodyTo(fetchMock, updateFlow, { id: 'f2' })).toMatchObject({ reminder_days: null });
    expect(within(card('Grosses commandes')).getByText('Aucune relance')).toBeTruthy();
  });
});
